/**
 * `ecos mcp` as an assistant runs it: `deno run -A src/cli.ts mcp` in a child process, talked
 * to with the SDK's own Client over stdio. The child's environment is given whole (Node's spawn
 * replaces the environment, as `clearEnv: true` does, and every variable the SDK would pass on
 * by default is given a value here): a user's ECOS_*, HOME and XDG_* never reach it.
 *
 * @module
 */

// The SDK's export map gives types to the extensionless subpaths and code to the ".js" ones.
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/client/index"
import { Client } from "npm:@modelcontextprotocol/sdk@1.32.2/client/index.js";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/client/stdio"
import { StdioClientTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/client/stdio.js";
import { fileURLToPath } from "node:url";

export { Client };

const REPO = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Where this Deno keeps its packages, so that the child finds them without a home directory:
 * asked of `deno info`, which places its cache as this process does.
 */
async function denoDir(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
    stderr: "null",
  }).output();
  return (JSON.parse(new TextDecoder().decode(out.stdout)) as { denoDir: string }).denoDir;
}

const DENO_DIR = await denoDir();

/**
 * The whole environment of an `ecos mcp` child: Deno's cache, a temporary HOME, empty values
 * for what the SDK would pass on, and `env`.
 *
 * @param home The child's HOME.
 * @param env The ECOS variables the test is about.
 */
export function childEnv(home: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    HOME: home,
    LOGNAME: "",
    PATH: "",
    SHELL: "",
    TERM: "",
    USER: "",
    DENO_DIR,
    DENO_NO_UPDATE_CHECK: "1",
    NO_COLOR: "1",
    ...env,
  };
}

/** The JSON-RPC request that opens a session, for tests that speak the protocol by hand. */
export const INITIALIZE_REQUEST = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "by-hand", version: "1.0.0" },
  },
} as const;

/** The repository's root, where `src/cli.ts` is run from. */
export const REPO_DIR: string = REPO;

/** What a tool call answers, as the tests read it. */
export interface ToolResult {
  /** The text blocks' texts. */
  texts: string[];
  /** The structured content, if any. */
  data: Record<string, unknown> | undefined;
  /** Whether it is a tool error. */
  isError: boolean;
}

/** A running `ecos mcp` and a client connected to it. */
export interface McpChild extends AsyncDisposable {
  /** The SDK's client. */
  client: Client;
  /** Every JSON-RPC message the server sent, as received. */
  messages: string[];
  /** What the child wrote to stderr so far. */
  stderr(): string;
  /** Client-side protocol errors, except progress that arrived after its call's answer. */
  errors: string[];
  /** Calls a tool and reads its answer. */
  call(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  /** Closes the client and waits for the child to end. */
  close(): Promise<void>;
}

/** Reads a tool call's answer. */
export function readResult(result: unknown): ToolResult {
  const r = result as {
    content?: { type: string; text?: string }[];
    structuredContent?: Record<string, unknown>;
    isError?: boolean;
  };
  return {
    texts: (r.content ?? []).flatMap((c) =>
      c.type === "text" && c.text !== undefined ? [c.text] : []
    ),
    data: r.structuredContent,
    isError: r.isError === true,
  };
}

/**
 * Starts `deno run -A src/cli.ts mcp ...args` with exactly `env` (plus Deno's cache directory,
 * a temporary HOME and empty values for the variables the SDK would otherwise pass on), and
 * connects the SDK's client to it.
 *
 * @param env The ECOS variables the test is about; none: the bundled server.
 * @param args Flags after `mcp`.
 */
export async function startMcp(
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<McpChild> {
  const home = await Deno.makeTempDir({ prefix: "ecos_mcp_home_" });
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "-A", "src/cli.ts", "mcp", ...args],
    cwd: REPO,
    env: childEnv(home, env),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => (stderr += new TextDecoder().decode(chunk)));
  const client = new Client({ name: "ecos-tests", version: "1.0.0" });
  const errors: string[] = [];
  // The SDK's client runs notification handlers a tick late: progress sent just before an
  // answer may arrive after its call has ended. That is the client's race, not a fault here.
  client.onerror = (e: Error) => {
    if (!/progress notification for an unknown token/.test(e.message)) errors.push(e.message);
  };
  // Set before connecting: the SDK calls it first, for every message, the handshake's too.
  const messages: string[] = [];
  transport.onmessage = (message) => void messages.push(JSON.stringify(message));
  await client.connect(transport);
  let closed: Promise<void> | undefined;
  const close = () =>
    closed ??= (async () => {
      try {
        await client.close();
      } finally {
        await Deno.remove(home, { recursive: true });
      }
    })();
  return {
    client,
    messages,
    stderr: () => stderr,
    errors,
    call: async (name, args) => readResult(await client.callTool({ name, arguments: args })),
    close,
    [Symbol.asyncDispose]: close,
  };
}
