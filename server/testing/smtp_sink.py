#!/usr/bin/python3
"""A real SMTP receiver for the server's email tests: Debian's python3-aiosmtpd on 127.0.0.1.

    smtp_sink.py --out DIR [--starttls | --implicit-tls] [--cert PEM --key PEM]
                 [--auth USER:PASSWORD] [--reply-script FILE] [--refuse-rcpt ADDRESS ...]

  --starttls      offers STARTTLS and refuses mail before it (aiosmtpd's require_starttls)
  --implicit-tls  TLS from the first byte, as on port 465
  (neither)       plain SMTP that offers no STARTTLS: what a client must refuse to use
  --auth          AUTH is required and only this login is taken (offered over TLS only)
  --reply-script  a file read at each DATA: its first line (e.g. "451 4.3.0 try later") is
                  taken out of it and is the answer; an empty or missing file answers 250
  --refuse-rcpt   a recipient this server has no mailbox for: RCPT TO it answers 550

Prints {"port": N} as its first line once it listens (port 0 is asked, so the system picks
a free one), then one JSON line per DATA. Each accepted message is kept as DIR/<n>.eml, the
bytes as they arrived (after SMTP's dot-unstuffing, nothing else: a bare LF stays a bare LF),
with its envelope in DIR/<n>.json, written first, so a test that sees the .eml can read both.
"""
import argparse
import asyncio
import json
import os
import pathlib
import ssl
import warnings

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class Sink:
    def __init__(self, out, reply_script, refused):
        self.out = out
        self.reply_script = reply_script
        self.refused = refused
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refused:
            print(json.dumps({"rcpt": address, "reply": "550"}), flush=True)
            return "550 5.1.1 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    def scripted_reply(self):
        if self.reply_script is None or not self.reply_script.exists():
            return None
        lines = self.reply_script.read_text().splitlines()
        if not lines:
            return None
        self.reply_script.write_text("".join(line + "\n" for line in lines[1:]))
        return lines[0].strip()

    async def handle_DATA(self, server, session, envelope):
        reply = self.scripted_reply()
        if reply is None:
            self.count += 1
            stem = self.out / str(self.count)
            login = session.auth_data.login.decode() if session.auth_data else None
            tls = server.transport.get_extra_info("ssl_object") is not None
            meta = {"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos,
                    "tls": tls, "login": login}
            stem.with_suffix(".json").write_text(json.dumps(meta))
            temporary = stem.with_suffix(".part")
            temporary.write_bytes(envelope.original_content)
            os.replace(temporary, stem.with_suffix(".eml"))
            reply = "250 OK"
        print(json.dumps({"data": envelope.mail_from, "reply": reply}), flush=True)
        return reply


def authenticator(expected):
    def check(server, session, envelope, mechanism, data):
        if isinstance(data, LoginPassword):
            if f"{data.login.decode()}:{data.password.decode()}" == expected:
                return AuthResult(success=True, auth_data=data)
        return AuthResult(success=False, handled=False)

    return check


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--starttls", action="store_true")
    mode.add_argument("--implicit-tls", action="store_true")
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--auth")
    parser.add_argument("--reply-script")
    parser.add_argument("--refuse-rcpt", action="append", default=[])
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    script = pathlib.Path(args.reply_script) if args.reply_script else None
    sink = Sink(out, script, set(args.refuse_rcpt))
    context = None
    if args.starttls or args.implicit_tls:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.cert, args.key)
    loop = asyncio.get_running_loop()
    options = {"hostname": "sink.test", "loop": loop}
    if args.starttls:
        options.update(tls_context=context, require_starttls=True)
    if args.auth:
        # aiosmtpd knows TLS only when it came by STARTTLS: over implicit TLS its own check
        # would refuse AUTH on a connection that is encrypted.
        warnings.simplefilter("ignore")
        options.update(authenticator=authenticator(args.auth), auth_required=True,
                       auth_require_tls=not args.implicit_tls)
    server = await loop.create_server(lambda: SMTP(sink, **options), host="127.0.0.1", port=0,
                                      ssl=context if args.implicit_tls else None)
    print(json.dumps({"port": server.sockets[0].getsockname()[1]}), flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
