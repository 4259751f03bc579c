#!/usr/bin/env python3
"""Tests of scripts/ctest-costs on planted build trees and a planted cache folder.

Run: python3 scripts/ctest-costs_test.py  (make lint-cpp runs it)
"""

import os
import subprocess
import tempfile
import unittest
from pathlib import Path

SCRIPT = os.path.join(os.path.dirname(os.path.realpath(__file__)), "ctest-costs")
RECORD = Path("Testing") / "Temporary" / "CTestCostData.txt"
COSTS = "replicas.survives 3 36.3\nunit.shard-1 5 16.4\n---\n"


class CtestCosts(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.root = Path(tmp.name)
        self.cache = self.root / "cache"
        self.env = {**os.environ, "XDG_CACHE_HOME": str(self.cache)}
        self.env.pop("LANDING_CTEST_COSTS", None)

    def run_script(self, *args, env=None):
        return subprocess.run(
            [SCRIPT, *args], env=env or self.env, capture_output=True, text=True, check=False
        )

    def build_tree(self, checkout: str, name: str = "asan", record: str | None = None) -> Path:
        tree = self.root / checkout / "build" / name
        tree.mkdir(parents=True)
        if record is not None:
            (tree / RECORD).parent.mkdir(parents=True)
            (tree / RECORD).write_text(record)
        return tree

    def test_a_record_kept_by_one_checkout_orders_the_next_checkouts_tests(self):
        first = self.build_tree("one", record=COSTS)
        self.assertEqual(self.run_script("keep", str(first)).returncode, 0)
        fresh = self.build_tree("two")
        out = self.run_script("seed", str(fresh))
        self.assertEqual(out.returncode, 0)
        self.assertIn("test times from", out.stdout)
        self.assertEqual((fresh / RECORD).read_text(), COSTS)

    def test_each_build_keeps_its_own_record(self):
        self.run_script("keep", str(self.build_tree("one", "asan", record=COSTS)))
        self.run_script("keep", str(self.build_tree("one", "release", record="unit.shard-1 1 2.0\n")))
        fresh = self.build_tree("two", "release")
        self.run_script("seed", str(fresh))
        self.assertEqual((fresh / RECORD).read_text(), "unit.shard-1 1 2.0\n")

    def test_a_tree_with_its_own_record_keeps_it(self):
        self.run_script("keep", str(self.build_tree("one", record=COSTS)))
        own = self.build_tree("two", record="mine 1 1.0\n")
        self.run_script("seed", str(own))
        self.assertEqual((own / RECORD).read_text(), "mine 1 1.0\n")

    def test_nothing_kept_yet_leaves_the_tree_as_it_is(self):
        fresh = self.build_tree("two")
        out = self.run_script("seed", str(fresh))
        self.assertEqual(out.returncode, 0)
        self.assertFalse((fresh / RECORD).exists())
        # And a run that wrote no record (it failed to start) keeps nothing.
        self.assertIn("nothing to keep", self.run_script("keep", str(fresh)).stdout)
        self.assertFalse((self.cache / "landing" / "ctest" / "asan.txt").exists())

    def test_a_newer_record_replaces_the_kept_one_whole(self):
        self.run_script("keep", str(self.build_tree("one", record=COSTS)))
        self.run_script("keep", str(self.build_tree("two", record="newer 1 1.0\n")))
        kept = self.cache / "landing" / "ctest"
        self.assertEqual((kept / "asan.txt").read_text(), "newer 1 1.0\n")
        self.assertEqual(sorted(p.name for p in kept.iterdir()), ["asan.txt"])

    def test_switched_off_or_without_a_writable_home_it_does_nothing(self):
        off = {**self.env, "LANDING_CTEST_COSTS": "0"}
        self.run_script("keep", str(self.build_tree("one", record=COSTS)), env=off)
        self.assertFalse(self.cache.exists())
        blocked = self.root / "a-file"
        blocked.write_text("")
        no_home = {**self.env, "XDG_CACHE_HOME": str(blocked)}
        out = self.run_script("keep", str(self.build_tree("two", record=COSTS)), env=no_home)
        self.assertEqual(out.returncode, 0)
        self.assertIn("nothing to keep", out.stdout)

    def test_bad_arguments_exit_2_with_the_usage(self):
        for args in ([], ["seed"], ["plant", "build/asan"], ["seed", "a", "b"]):
            out = self.run_script(*args)
            self.assertEqual(out.returncode, 2, args)
            self.assertIn("Usage: scripts/ctest-costs seed|keep BUILD_DIR", out.stderr)


if __name__ == "__main__":
    unittest.main()
