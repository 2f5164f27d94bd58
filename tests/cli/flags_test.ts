/**
 * Every command against its own declarations: each declared flag is listed by its help, read
 * into its value and refused in the same words when misused (the message, then one line that
 * says where the help is); each command counts its arguments the same way. A flag added
 * without a sample here fails the first tests.
 */

import assert from "node:assert/strict";
import { parseCommandArgs } from "../../src/cli/command.ts";
import { type Flag, flagLabel } from "../../src/cli/flag.ts";
import { COMMANDS } from "../../src/cli/registry.ts";
import { ecos } from "./_cli.ts";

/** A value each flag accepts, as written after `=`, and the value it is read as. */
const SAMPLES: Readonly<Record<string, readonly [text: string, value: unknown]>> = {
  // data commands and mirror
  out: ["/tmp/rows.csv", "/tmp/rows.csv"],
  as: ["ndjson", "ndjson"],
  rows: ["0", 0],
  format: ["xml", "xml"],
  lang: ["en", "en"],
  "page-size": ["100", 100],
  concurrency: ["2", 2],
  cycles: ["q,A", ["Q", "A"]],
  since: ["2020-01-01", "2020-01-01"],
  // serve
  port: ["0", 0],
  hostname: ["0.0.0.0", "0.0.0.0"],
  keys: ["a, b,,c", ["a", "b", "c"]],
  "keys-file": ["/keys.txt", "/keys.txt"],
  latency: ["25", 25],
  "rate-limit": ["300/180000", { requests: 300, windowMs: 180_000 }],
  "work-limit": ["40000", 40_000],
  dialect: ["spec", "spec"],
  "xml-style": ["bare", "bare"],
  "header-timeout": ["2000", 2000],
  "idle-timeout": ["9000", 9000],
  "write-timeout": ["5000", 5000],
  seed: ["-3", -3],
  "data-end": ["2026-12-31", "2026-12-31"],
  revision: ["2", 2],
  // doctor
  record: ["/tmp/live", "/tmp/live"],
  replay: ["tests/testdata/live", "tests/testdata/live"],
  timeout: ["500", 500],
  deadline: ["9000", 9000],
};

/** Every command's declared flags, with the key their value takes. */
const DECLARED = COMMANDS.flatMap((command) =>
  Object.entries(command.flags).map(([key, flag]) => ({ command, key, flag: flag as Flag }))
);

/** Enough arguments for a command's arity. */
const argsFor = (min: number) => Array.from({ length: min }, () => "info");

/** The line after a usage error: where the help is, not the help. */
const hint = (name: string) => `Run "ecos ${name} --help" for its arguments and an example`;

Deno.test("every command declares flags, at least the data commands' and its own", () => {
  assert.ok(DECLARED.length >= 40, `${DECLARED.length}`);
  for (const { flag } of DECLARED) {
    assert.match(flag.name, /^[a-z][a-z-]*$/);
    assert.notEqual(flag.name, "help", "--help is implied, not declared");
  }
});

Deno.test("every command's --help lists each of its declared flags", async (t) => {
  for (const command of COMMANDS) {
    await t.step(command.name, async () => {
      const run = await ecos([command.name, "--help"]);
      assert.equal(run.code, 0);
      assert.equal(run.stdout, `${command.usage}\n`);
      const options = `\n${run.stdout.split("\nOptions:\n")[1] ?? ""}`;
      for (const flag of [...Object.values(command.flags)] as Flag[]) {
        const label = flag.type === "string" ? `${flagLabel(flag)} ${flag.value}` : flagLabel(flag);
        assert.ok(options.includes(`\n  ${label} `), label);
        if (flag.type === "boolean" && flag.negation !== undefined) {
          assert.ok(options.includes(`\n  --no-${flag.name} `), `--no-${flag.name}`);
        }
      }
      assert.match(options, /\n {2}-h, --help +show this help\n/);
    });
  }
});

Deno.test("every declared flag is read into its value", async (t) => {
  for (const { command, key, flag } of DECLARED) {
    await t.step(`ecos ${command.name} --${flag.name}`, () => {
      let arg = `--${flag.name}`;
      let value: unknown = true;
      if (flag.type === "string") {
        const sample = SAMPLES[flag.name];
        assert.ok(sample, `Add a sample value of --${flag.name} to SAMPLES`);
        arg += `=${sample[0]}`;
        value = sample[1];
      }
      const parsed = parseCommandArgs(command, [...argsFor(command.arity.min), arg]);
      assert.deepEqual(parsed.values, { [key]: value });
      if (flag.type === "boolean" && flag.negation !== undefined) {
        const negated = parseCommandArgs(command, [
          ...argsFor(command.arity.min),
          arg,
          `--no-${flag.name}`,
        ]);
        assert.deepEqual(negated.values, { [key]: false });
      }
    });
  }
});

Deno.test("every command refuses a misused flag in one style: exit 2, one line, where its help is", async (t) => {
  for (const command of COMMANDS) {
    const cases: [string[], string][] = [
      [["--colour"], `Use an option that ecos ${command.name} --help lists: got "--colour"`],
      [["-x"], `Use an option that ecos ${command.name} --help lists: got "-x"`],
      [["--help=yes"], "Give -h, --help no value: it is a switch"],
    ];
    for (const flag of Object.values(command.flags) as Flag[]) {
      if (flag.type === "string") {
        cases.push([[`--${flag.name}`], `Give ${flagLabel(flag)} a value: got none`]);
      } else {
        cases.push([[`--${flag.name}=yes`], `Give ${flagLabel(flag)} no value: it is a switch`]);
        if (flag.negation === undefined) {
          cases.push([
            [`--no-${flag.name}`],
            `Use an option that ecos ${command.name} --help lists: got "--no-${flag.name}"`,
          ]);
        }
      }
    }
    for (const [args, line] of cases) {
      await t.step(`ecos ${command.name} ${args.join(" ")}`, async () => {
        const run = await ecos([command.name, ...argsFor(command.arity.min), ...args]);
        assert.equal(run.code, 2);
        assert.equal(run.stdout, "");
        // --no-refresh is near --refresh: the message may name it (exactly: parse_test.ts).
        const [first, second, ...rest] = run.stderr.split("\n");
        assert.equal(first!.replace(/; did you mean --[a-z-]+\?$/, ""), `ecos: ${line}`);
        assert.equal(second, hint(command.name));
        assert.deepEqual(rest, [""]);
      });
    }
  }
});

Deno.test("every command counts its arguments in one style", async (t) => {
  for (const command of COMMANDS) {
    const { min, max } = command.arity;
    if (min > 0) {
      await t.step(`ecos ${command.name} with none`, async () => {
        const run = await ecos([command.name]);
        assert.equal(run.code, 2);
        const missing = command.synopsis.split(" ").slice(0, min).join(" ");
        assert.equal(
          run.stderr,
          `ecos: Give ${missing} (ecos ${command.name} ${command.synopsis}): got 0 arguments\n` +
            `${hint(command.name)}\n`,
        );
      });
    }
    if (Number.isFinite(max)) {
      await t.step(`ecos ${command.name} with ${max + 1}`, async () => {
        const run = await ecos([command.name, ...argsFor(max), "extra"]);
        assert.equal(run.code, 2);
        assert.equal(
          run.stderr,
          `ecos: Remove the extra argument: got "extra"\n${hint(command.name)}\n`,
        );
      });
    }
  }
});
