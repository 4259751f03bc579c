// A Bot API that takes every call at once, for benchmarks: the chat's pacing (one message a
// second) is the server's own, so this only needs to answer. getUpdates is held for its
// `timeout` as Telegram holds it (long polling): answered at once, the server's poller would ask
// again and again and the two would spend a third of the machine on it. Prints {"port":N}.
import { createServer } from "node:http";

let id = 0;
const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const answer = (result) => {
      if (response.destroyed) return;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true, result }));
    };
    if (!request.url.endsWith("/getUpdates")) {
      answer({ message_id: ++id });
      return;
    }
    let seconds = 0;
    try {
      seconds =
        Number(JSON.parse(Buffer.concat(chunks).toString() || "{}").timeout) ||
        0;
    } catch {
      seconds = 0;
    }
    const timer = setTimeout(() => answer([]), seconds * 1000);
    response.on("close", () => clearTimeout(timer));
  });
});
server.listen(0, "127.0.0.1", () =>
  console.log(JSON.stringify({ port: server.address().port })),
);
