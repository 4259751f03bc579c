#!/usr/bin/env python3
"""Tests of scripts/clang-tidy-all's cache on planted checkouts with a stand-in clang-tidy that
logs each file it is asked to check and finds something in any file that says FINDING. A cache
that answers for a changed file would hide findings, so each way a result can change is tried.

Run: python3 scripts/clang-tidy-all_test.py  (make lint-cpp runs it before the check itself)
"""

import json
import os
import shutil
import subprocess
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.realpath(__file__)), "clang-tidy-all")

FAKE_TIDY = """\
#!/bin/sh
# Stand-in clang-tidy: logs the file (the last argument) and finds FINDING in it.
[ "$1" = --version ] && { echo "fake clang-tidy 1"; exit 0; }
for file; do :; done
echo "$file" >> "$TIDY_LOG"
if grep -q FINDING "$file"; then echo "$file:1:1: error: planted finding"; exit 1; fi
exit 0
"""

# Stand-in compiler: logs each preprocessing (the cache's costly step), then is the real one.
FAKE_CXX = """\
#!/bin/sh
echo "$*" >> "$CXX_LOG"
exec c++ "$@"
"""


class ClangTidyCache(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        bin_dir = os.path.join(self.tmp.name, "bin")
        os.makedirs(bin_dir)
        tidy = os.path.join(bin_dir, "clang-tidy")
        with open(tidy, "w", encoding="utf-8") as f:
            f.write(FAKE_TIDY)
        os.chmod(tidy, 0o755)
        cxx = os.path.join(bin_dir, "fake-c++")
        with open(cxx, "w", encoding="utf-8") as f:
            f.write(FAKE_CXX)
        os.chmod(cxx, 0o755)
        self.log = os.path.join(self.tmp.name, "tidy.log")
        self.cxx_log = os.path.join(self.tmp.name, "cxx.log")
        self.env = dict(
            os.environ,
            PATH=bin_dir + os.pathsep + os.environ["PATH"],
            TIDY_LOG=self.log,
            CXX_LOG=self.cxx_log,
            XDG_CACHE_HOME=os.path.join(self.tmp.name, "cache"),
        )
        self.root = self.checkout("one")

    def checkout(self, name):
        """A planted checkout: two sources sharing a header, and their compile database."""
        root = os.path.join(self.tmp.name, name)
        os.makedirs(os.path.join(root, "scripts"))
        os.makedirs(os.path.join(root, "src"))
        os.makedirs(os.path.join(root, "build"))
        shutil.copy(SCRIPT, os.path.join(root, "scripts", "clang-tidy-all"))
        self.write(root, ".clang-tidy", "Checks: -*,bugprone-*\n")
        self.write(root, "src/shared.hpp", "inline int shared() { return 1; }\n")
        self.write(root, "src/a.cpp", '#include "shared.hpp"\nint a() { return shared(); }\n')
        self.write(root, "src/b.cpp", "int b() { return 2; }\n")
        database = [
            {
                "directory": os.path.join(root, "build"),
                "command": f"fake-c++ -I{root}/src -std=c++20 -o {n}.o -c {root}/src/{n}.cpp",
                "file": f"{root}/src/{n}.cpp",
            }
            for n in ("a", "b")
        ]
        self.write(root, "build/compile_commands.json", json.dumps(database))
        return root

    @staticmethod
    def write(root, path, text):
        with open(os.path.join(root, path), "w", encoding="utf-8") as f:
            f.write(text)

    def run_tidy(self, root=None, sources=("a.cpp", "b.cpp"), **env):
        """Runs the script over the sources; returns its exit code and the files checked."""
        root = root or self.root
        for log in (self.log, self.cxx_log):
            if os.path.exists(log):
                os.remove(log)
        run = subprocess.run(
            [
                os.path.join(root, "scripts", "clang-tidy-all"),
                os.path.join(root, "build"),
                *(os.path.join(root, "src", source) for source in sources),
            ],
            env=dict(self.env, **env),
            capture_output=True,
            text=True,
            check=False,
        )
        self.output = run.stdout + run.stderr
        checked = []
        if os.path.exists(self.log):
            with open(self.log, encoding="utf-8") as f:
                checked = sorted(os.path.basename(line.strip()) for line in f)
        return run.returncode, checked

    def test_a_clean_file_is_checked_once_until_it_changes(self):
        self.assertEqual(self.run_tidy(), (0, ["a.cpp", "b.cpp"]))
        self.assertEqual(self.run_tidy(), (0, []))
        self.assertIn("2 files clean (2 unchanged since a clean check)", self.output)
        self.write(self.root, "src/b.cpp", "int b() { return 3; }\n")
        self.assertEqual(self.run_tidy(), (0, ["b.cpp"]))

    def preprocessed(self):
        """How many times the last run ran the preprocessor."""
        if not os.path.exists(self.cxx_log):
            return 0
        with open(self.cxx_log, encoding="utf-8") as f:
            return sum(1 for line in f if " -E " in line)

    def test_an_unchanged_file_is_known_without_preprocessing_it(self):
        self.run_tidy()
        self.assertEqual(self.preprocessed(), 2)
        self.assertEqual(self.run_tidy(), (0, []))
        self.assertEqual(self.preprocessed(), 0)
        # Only the file that changed is preprocessed again.
        self.write(self.root, "src/b.cpp", "int b() { return 3; }\n")
        self.assertEqual(self.run_tidy(), (0, ["b.cpp"]))
        self.assertEqual(self.preprocessed(), 1)

    def test_a_header_a_header_comes_to_include_is_followed(self):
        self.run_tidy()
        self.write(self.root, "src/later.hpp", "inline int later() { return 1; }\n")
        shared = '#include "later.hpp"\ninline int shared() { return 1; }\n'
        self.write(self.root, "src/shared.hpp", shared)
        self.assertEqual(self.run_tidy(), (0, ["a.cpp"]))
        self.assertEqual(self.run_tidy(), (0, []))
        self.write(self.root, "src/later.hpp", "inline int later() { return 2; }\n")
        self.assertEqual(self.run_tidy(), (0, ["a.cpp"]))

    def test_a_header_gone_is_a_change(self):
        self.write(self.root, "src/gone.hpp", "inline int gone() { return 1; }\n")
        self.write(self.root, "src/b.cpp", '#include "gone.hpp"\nint b() { return gone(); }\n')
        self.run_tidy()
        os.remove(os.path.join(self.root, "src", "gone.hpp"))
        self.write(self.root, "src/b.cpp", "int b() { return 2; }\n")
        self.assertEqual(self.run_tidy(), (0, ["b.cpp"]))

    def test_a_file_with_no_compile_command_is_refused(self):
        self.write(self.root, "src/c.cpp", "int c() { return 3; }\n")
        code, checked = self.run_tidy(sources=("a.cpp", "c.cpp"))
        self.assertEqual((code, checked), (1, []))
        self.assertIn("c.cpp has no command in", self.output)

    def test_a_changed_header_checks_the_files_that_include_it(self):
        self.run_tidy()
        self.write(self.root, "src/shared.hpp", "inline int shared() { return 2; }\n")
        self.assertEqual(self.run_tidy(), (0, ["a.cpp"]))

    def test_a_changed_comment_is_a_change(self):
        # NOLINT is a comment, and it changes what clang-tidy reports.
        self.run_tidy()
        self.write(self.root, "src/shared.hpp", "inline int shared() { return 1; }  // NOLINT\n")
        self.assertEqual(self.run_tidy(), (0, ["a.cpp"]))

    def test_a_finding_is_never_remembered(self):
        self.write(self.root, "src/b.cpp", "int b() { return 2; }  // FINDING\n")
        self.assertEqual(self.run_tidy(), (1, ["a.cpp", "b.cpp"]))
        self.assertIn("planted finding", self.output)
        # a.cpp was clean and is remembered; b.cpp is checked, and reported, again.
        self.assertEqual(self.run_tidy(), (1, ["b.cpp"]))
        self.assertIn("planted finding", self.output)
        self.assertIn("findings in", self.output)

    def test_a_changed_configuration_or_command_checks_everything_again(self):
        self.run_tidy()
        self.write(self.root, ".clang-tidy", "Checks: -*,performance-*\n")
        self.assertEqual(self.run_tidy(), (0, ["a.cpp", "b.cpp"]))
        database = os.path.join(self.root, "build", "compile_commands.json")
        with open(database, encoding="utf-8") as f:
            text = f.read()
        with open(database, "w", encoding="utf-8") as f:
            f.write(text.replace("-std=c++20", "-std=c++20 -DEXTRA"))
        self.assertEqual(self.run_tidy(), (0, ["a.cpp", "b.cpp"]))

    def test_another_clone_of_the_same_code_hits(self):
        self.run_tidy()
        other = self.checkout("elsewhere")
        self.assertEqual(self.run_tidy(other), (0, []))

    def test_the_cache_can_be_turned_off(self):
        self.run_tidy()
        self.assertEqual(self.run_tidy(LANDING_TIDY_CACHE="0"), (0, ["a.cpp", "b.cpp"]))


if __name__ == "__main__":
    unittest.main()
