#!/usr/bin/env python3
"""Tests of scripts/check-compile-paths on planted compile databases: it must fire on a
definition that names the checkout (as the tests' LANDING_CONTRACT_DIR did), in either of the
forms a compile database holds, and stay quiet on relative ones and on include paths.

Run: python3 scripts/check-compile-paths_test.py  (make lint-cpp runs it before the check itself)
"""

import json
import os
import subprocess
import tempfile
import unittest

SCRIPTS = os.path.dirname(os.path.realpath(__file__))
CHECK = os.path.join(SCRIPTS, "check-compile-paths")
REPO = os.path.dirname(SCRIPTS)


def run(commands):
    with tempfile.TemporaryDirectory() as build:
        with open(os.path.join(build, "compile_commands.json"), "w", encoding="utf-8") as f:
            json.dump(commands, f)
        done = subprocess.run([CHECK, build], capture_output=True, text=True, check=False)
    return done.returncode, done.stdout + done.stderr


def entry(command=None, arguments=None, name="server/src/leads/validation_test.cpp"):
    e = {"directory": f"{REPO}/build/release", "file": f"{REPO}/{name}"}
    if arguments is not None:
        e["arguments"] = arguments
    else:
        e["command"] = command
    return e


class CheckCompilePaths(unittest.TestCase):
    def test_a_definition_naming_the_checkout_fails_in_a_command_string(self):
        code, out = run(
            [entry(f'/usr/bin/c++ -DLANDING_CONTRACT_DIR=\\"{REPO}/contract\\" -c x.cpp')]
        )
        self.assertEqual(code, 1, out)
        self.assertIn("server/src/leads/validation_test.cpp: -DLANDING_CONTRACT_DIR=", out)

    def test_a_definition_naming_the_checkout_fails_in_an_argument_list(self):
        code, out = run([entry(arguments=["c++", "-D", f"BIN={REPO}/build/x", "-c", "x.cpp"])])
        self.assertEqual(code, 1, out)
        self.assertIn("-DBIN=", out)

    def test_relative_definitions_and_include_paths_pass(self):
        code, out = run(
            [
                entry(
                    f"/usr/bin/c++ -I{REPO}/server/src "
                    '-DLANDING_CONTRACT_FROM_EXE=\\"../../contract\\" '
                    f"-c {REPO}/server/testing/paths.cpp"
                )
            ]
        )
        self.assertEqual(code, 0, out)
        self.assertIn("1 commands name no checkout path", out)


if __name__ == "__main__":
    unittest.main()
