import assert from "node:assert/strict";
import { pl } from "../../src/deps.ts";
import { JUPYTER_DISPLAY } from "../../src/jupyter/display.ts";
import { lineChart } from "../../src/jupyter/plot.ts";
import { _publish, md, show } from "../../src/jupyter/show.ts";
import {
  encodeFrame,
  greeting,
  kernelIopubAddress,
  readyCommand,
  watchIopub,
} from "../../src/jupyter/_iopub.ts";

const encoder = new TextEncoder();

/** Reads exactly `n` bytes. */
async function readExact(conn: Deno.Conn, n: number): Promise<Uint8Array> {
  const out = new Uint8Array(n);
  for (let at = 0; at < n;) {
    const read = await conn.read(out.subarray(at));
    if (read === null) throw new Error("closed");
    at += read;
  }
  return out;
}

/** Reads one ZMTP frame's body. */
async function readFrame(conn: Deno.Conn): Promise<Uint8Array> {
  const [flags = 0] = await readExact(conn, 1);
  const size = (flags & 0x02) !== 0
    ? Number(new DataView((await readExact(conn, 8)).buffer).getBigUint64(0))
    : (await readExact(conn, 1))[0]!;
  return await readExact(conn, size);
}

/**
 * A kernel's IOPub socket, as Deno's kernel speaks it: it greets, exchanges READY, reads the
 * subscription, then publishes what the test tells it to.
 */
function fakeIopub() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const accepted = (async () => {
    const conn = await listener.accept();
    await readExact(conn, 64);
    await conn.write(greeting());
    await readFrame(conn);
    await conn.write(readyCommand("PUB"));
    const subscription = await readFrame(conn);
    // As the kernel does, it keeps reading (a SUB may subscribe again) until the peer goes.
    (async () => {
      try {
        for (;;) await readFrame(conn);
      } catch {
        // The peer went.
      }
    })();
    return { conn, subscription };
  })();
  return {
    port: listener.addr.port,
    accepted,
    /** Publishes a Jupyter message: identities, delimiter, signature, four JSON parts. */
    async publish(type: string, content: unknown, identities: string[] = []) {
      const { conn } = await accepted;
      const parts = [
        ...identities,
        "<IDS|MSG>",
        "",
        JSON.stringify({ msg_type: type, msg_id: crypto.randomUUID() }),
        "{}",
        "{}",
        JSON.stringify(content),
      ].map((p) => encoder.encode(p));
      const frames = parts.map((p, i) => encodeFrame(p, { more: i < parts.length - 1 }));
      for (const f of frames) await conn.write(f);
    },
    async close() {
      try {
        (await accepted).conn.close();
      } catch {
        // Closed by the peer.
      }
      listener.close();
    },
  };
}

Deno.test("watchIopub() subscribes to everything and tells when a display id is published", async () => {
  const kernel = fakeIopub();
  const watch = await watchIopub({ ip: "127.0.0.1", port: kernel.port });
  try {
    const { subscription } = await kernel.accepted;
    assert.deepEqual([...subscription], [1], "a SUB's subscription to every topic");
    const arrived = watch.next(10_000);
    await kernel.publish("status", { execution_state: "busy" });
    assert.equal(await arrived, true);
    let seen = false;
    const published = watch.published("ecos-abc").then(() => seen = true);
    // Another display, a long one (frames over 255 bytes), behind a topic frame: not ours.
    const other = watch.next(10_000);
    await kernel.publish(
      "display_data",
      { data: { "text/plain": "x".repeat(70_000) }, transient: { display_id: "ecos-xyz" } },
      ["kernel.display_data"],
    );
    assert.equal(await other, true);
    assert.equal(seen, false, "another display id does not count");
    await kernel.publish("display_data", { data: {}, transient: { display_id: "ecos-abc" } });
    await published;
    assert.equal(seen, true);
  } finally {
    watch.close();
    await kernel.close();
  }
});

Deno.test("watchIopub() lets waiters go when the kernel goes, and after their limit", async () => {
  const kernel = fakeIopub();
  const watch = await watchIopub({ ip: "127.0.0.1", port: kernel.port });
  try {
    await kernel.accepted;
    assert.equal(await watch.next(1), false, "nothing arrived within the limit");
    await watch.published("never", 1);
    const waiting = watch.published("ecos-gone");
    await kernel.close();
    await waiting;
    assert.equal(await watch.next(10_000), false);
  } finally {
    watch.close();
  }
});

Deno.test("_publish() sends a display and returns only once the kernel has published it", async () => {
  const kernel = fakeIopub();
  const watch = await watchIopub({ ip: "127.0.0.1", port: kernel.port });
  try {
    await kernel.accepted;
    const sent: { type: string; content: Record<string, unknown> }[] = [];
    const jupyter = {
      broadcast: (type: string, content: Record<string, unknown>) => {
        sent.push({ type, content });
      },
    };
    let done = false;
    const publishing = _publish({ "text/plain": "a table" }, jupyter, watch).then(() =>
      done = true
    );
    assert.equal(sent.length, 1);
    const { type, content } = sent[0]!;
    assert.equal(type, "display_data");
    assert.deepEqual(content.data, { "text/plain": "a table" });
    const id = (content.transient as { display_id: string }).display_id;
    assert.match(id, /^ecos-[0-9a-f-]{36}$/);
    // A round trip through the socket: a show() that did not wait would be done by now.
    const arrived = watch.next(10_000);
    await kernel.publish("status", { execution_state: "busy" });
    assert.equal(await arrived, true);
    assert.equal(done, false, "not done before the kernel published the display");
    await kernel.publish("display_data", content);
    await publishing;
    assert.equal(done, true);
  } finally {
    watch.close();
    await kernel.close();
  }
});

Deno.test("kernelIopubAddress() reads the connection file named on the kernel's command line", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/kernel-1.json`;
    const write = (info: unknown) => Deno.writeTextFile(file, JSON.stringify(info));
    const argv = ["/usr/bin/deno", "jupyter", "--kernel", "--conn", file];
    await t.step("tcp", async () => {
      await write({ ip: "127.0.0.1", iopub_port: 51234, transport: "tcp", key: "k" });
      assert.deepEqual(kernelIopubAddress(argv), { ip: "127.0.0.1", port: 51234 });
    });
    await t.step("another transport", async () => {
      await write({ ip: "kernel-ipc", iopub_port: 3, transport: "ipc" });
      assert.equal(kernelIopubAddress(argv), undefined);
    });
    await t.step("not a kernel, or no file", () => {
      assert.equal(kernelIopubAddress(["deno", "test"]), undefined);
      assert.equal(kernelIopubAddress(["deno", "--conn", `${dir}/missing.json`]), undefined);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("md writes numbers, dates and lists as a reader expects", () => {
  const text = md`${2024}: ${312} rows, ${12345} days, ${3.5}% and ${-0.047}, from ${new Date(
    "2015-01-01",
  )}; ${["a", "b", "c"]}; ${["x"]}; ${10n}`;
  assert.equal(
    text.toString(),
    "2024: 312 rows, 12,345 days, 3.50% and -0.05, from 2015-01-01; a, b and c; x; 10",
  );
  assert.deepEqual(text[JUPYTER_DISPLAY](), {
    "text/markdown": text.text,
    "text/plain": text.text,
  });
});

Deno.test("md refuses a value that would print as undefined, NaN or an object", async (t) => {
  const cases: [string, () => unknown, RegExp][] = [
    [
      "undefined",
      () => md`Peak in ${undefined}.`,
      /Cannot write undefined into markdown after "Peak in "/,
    ],
    ["null", () => md`Peak in ${null}.`, /Cannot write null into markdown/],
    ["NaN", () => md`Mean ${NaN}.`, /Cannot write NaN into markdown/],
    ["Infinity", () => md`Ratio ${Infinity}.`, /Cannot write Infinity into markdown/],
    ["an object", () => md`Row ${{ a: 1 }}.`, /Cannot write object into markdown/],
    ["in a list", () => md`Years ${[2020, undefined]}.`, /Cannot write undefined/],
    ["an invalid date", () => md`On ${new Date("x")}.`, /invalid date/],
  ];
  for (const [name, make, message] of cases) {
    await t.step(name, () => {
      assert.throws(make, { name: "EcosError", code: "INVALID_ARGUMENT", message });
    });
  }
});

Deno.test("show() outside the kernel prints each value's text form", async () => {
  const printed: unknown[] = [];
  const log = console.log;
  console.log = (text: unknown) => printed.push(text);
  try {
    const df = pl.DataFrame({ n: [1, 2] });
    await show(df);
    await show(md`Two rows.`);
    await show(lineChart(df, { x: "n", y: "n", title: "N", source: false }));
    await show({ a: 1 });
    await show("plain");
  } finally {
    console.log = log;
  }
  assert.equal(printed[0], pl.DataFrame({ n: [1, 2] }).toString());
  assert.deepEqual(printed.slice(1), [
    "Two rows.",
    'Chart "N" (line, 2 rows)',
    "{ a: 1 }",
    "plain",
  ]);
});

Deno.test("show() checks a frame's limits", async () => {
  await assert.rejects(() => show(pl.DataFrame({ n: [1] }), { rows: 0 }), {
    code: "INVALID_ARGUMENT",
  });
});
