#!/usr/bin/env python3
"""Tests of scripts/deps's node_modules cache, with a stand-in npm that counts its installs.

Each test runs the real script in throwaway checkouts (a copy of scripts/deps and a lock file),
with its own cache folder: the Debian packages it checks are this machine's, already there.
"""
import os
import shutil
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

DEPS = Path(__file__).resolve().parent / "deps"

# Installs as npm ci would, as far as deps can tell: a fresh node_modules with npm's stamp, and
# one line per install in a log beside the checkouts.
FAKE_NPM = """#!/bin/sh
[ "$1" = ci ] || exit 0
echo "$PWD" >>"$NPM_LOG"
rm -rf node_modules && mkdir -p node_modules/.bin node_modules/pkg
cp package-lock.json node_modules/.package-lock.json
echo installed >node_modules/pkg/index.js
ln -s ../pkg/index.js node_modules/.bin/pkg
"""


class DepsCache(unittest.TestCase):
    def setUp(self):
        self.root = Path(tempfile.mkdtemp(prefix="deps-test-"))
        self.addCleanup(shutil.rmtree, self.root, True)
        bin_dir = self.root / "bin"
        bin_dir.mkdir()
        npm = bin_dir / "npm"
        npm.write_text(FAKE_NPM)
        npm.chmod(0o755)
        self.log = self.root / "npm.log"
        self.log.touch()
        self.env = dict(
            os.environ,
            PATH=f"{bin_dir}:{os.environ['PATH']}",
            NPM_LOG=str(self.log),
            XDG_CACHE_HOME=str(self.root / "cache"),
        )

    def checkout(self, name, lock='{"lockfileVersion": 3}'):
        tree = self.root / name
        (tree / "scripts").mkdir(parents=True)
        shutil.copy(DEPS, tree / "scripts" / "deps")
        (tree / "web").mkdir()
        (tree / "web" / "package-lock.json").write_text(lock)
        return tree

    def deps(self, tree):
        run = subprocess.run(
            [str(tree / "scripts" / "deps")],
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )
        self.assertEqual(run.returncode, 0, run.stderr)
        return run.stdout

    def installs(self):
        return self.log.read_text().splitlines()

    def kept(self):
        npm = self.root / "cache" / "landing" / "npm"
        return sorted(p.name for p in npm.iterdir()) if npm.exists() else []

    def test_a_second_clone_copies_the_tree_npm_installed_in_the_first(self):
        first = self.checkout("first")
        self.assertIn("npm ci in web", self.deps(first))
        second = self.checkout("second")
        out = self.deps(second)
        self.assertIn("web/node_modules from", out)
        self.assertEqual(self.installs(), [str(first / "web")])
        modules = second / "web" / "node_modules"
        self.assertEqual((modules / "pkg" / "index.js").read_text(), "installed\n")
        self.assertEqual(os.readlink(modules / ".bin" / "pkg"), "../pkg/index.js")
        # The stamp is newer than the clone's lock file, so the next run does nothing.
        self.assertGreaterEqual(
            (modules / ".package-lock.json").stat().st_mtime,
            (second / "web" / "package-lock.json").stat().st_mtime,
        )
        self.assertEqual(self.deps(second), "")

    def test_a_changed_lock_file_installs_again_and_two_trees_a_folder_are_kept(self):
        for n in range(3):
            self.deps(self.checkout(f"clone{n}", lock=f'{{"lockfileVersion": 3, "n": {n}}}'))
            time.sleep(0.01)  # distinct times, for the pruning's order
        self.assertEqual(len(self.installs()), 3)
        kept = self.kept()
        self.assertEqual(len(kept), 2, kept)
        self.assertTrue(all(name.startswith("web-") for name in kept), kept)
        # The newest two are the ones kept: the second lock copies, the first installs again.
        lock = '{{"lockfileVersion": 3, "n": {}}}'.format
        self.assertIn("from", self.deps(self.checkout("again1", lock=lock(1))))
        self.assertIn("npm ci", self.deps(self.checkout("again0", lock=lock(0))))

    def test_with_trees_off_nothing_is_kept_and_nothing_copied(self):
        self.env["LANDING_NPM_TREES"] = "off"
        self.assertIn("npm ci in web", self.deps(self.checkout("first")))
        self.assertIn("npm ci in web", self.deps(self.checkout("second")))
        self.assertEqual(len(self.installs()), 2)
        self.assertEqual(self.kept(), [])

    def test_an_unfinished_copy_is_never_used(self):
        self.deps(self.checkout("first"))
        (name,) = self.kept()
        npm = self.root / "cache" / "landing" / "npm"
        # What a copy cut short leaves: a partial folder, and no tree under the final name.
        shutil.move(npm / name, npm / ".partial-cut")
        (npm / ".partial-cut" / "node_modules" / ".package-lock.json").unlink()
        self.assertIn("npm ci in web", self.deps(self.checkout("second")))
        self.assertEqual(len(self.installs()), 2)


if __name__ == "__main__":
    unittest.main()
