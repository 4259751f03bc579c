// A Bot API that takes every call at once, for benchmarks: the chat's pacing (one message a
// second) is the server's own, so this only needs to answer. Prints {"port":N}.
import { createServer } from "node:http";

let id = 0;
const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        ok: true,
        result: request.url.endsWith("/getUpdates") ? [] : { message_id: ++id },
      }),
    );
  });
});
server.listen(0, "127.0.0.1", () =>
  console.log(JSON.stringify({ port: server.address().port })),
);
