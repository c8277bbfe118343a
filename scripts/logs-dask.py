#!/usr/bin/env python3
"""Reads a log bigger than one machine with Dask: its lines cut into partitions, each judged by
`robots-txt-tester logs --format json` on a worker, the partitions' reports merged with
`robots-txt-tester logs merge` into what one run over every line gives.

    python3 scripts/logs-dask.py robots.txt access.log [--partitions 4] [--workers 2] \
        [--scheduler tcp://host:8786] [-- --live-since 2025-03-10 --version-from 2025-01-01=old.txt]

Without --scheduler it starts a LocalCluster of --workers workers; with one, it uses that
cluster (the log then on storage every worker reads: a shared path, s3://, hdfs://). Prints the
merged JSON report; exits as `logs` does (0, 1 when a crawler fetched what the file blocks, 2).
"""
import argparse
import os
import subprocess
import sys
import tempfile

import dask.bag as db
from distributed import Client, LocalCluster

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Each partition lists every blocked path it saw (up to the CLI's bound), so the merge is exact.
TOP_ALL = "5000"


def judge_partition(lines, cli, robots, extra):
    """One partition's lines judged by the CLI (fed on standard input): its JSON report, in a list."""
    text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
    if text == "":
        return []
    run = subprocess.run(
        ["node", cli, "logs", robots, "-", "--format", "json", "--top", TOP_ALL, "--jobs", "1", *extra],
        input=text.encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False,
    )
    # 1 says a crawler fetched what the file blocks for it: a finding, not a failure.
    if run.returncode not in (0, 1):
        raise RuntimeError("logs failed on a partition: " + run.stderr.decode("utf-8", "replace").strip())
    return [run.stdout.decode("utf-8")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("robots")
    parser.add_argument("log")
    parser.add_argument("--partitions", type=int, default=4, help="partitions of a local log file")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler", default=None)
    parser.add_argument("--cli", default=os.path.join(ROOT, "lib", "cli.js"))
    args, extra = parser.parse_known_args()
    extra = [a for a in extra if a != "--"]
    robots, cli = os.path.abspath(args.robots), os.path.abspath(args.cli)

    cluster = None if args.scheduler else LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=False, dashboard_address=None)
    client = Client(args.scheduler or cluster)
    try:
        # Dask cuts the files at line ends, a partition a block: a local file into --partitions blocks,
        # remote files or globs into Dask's default blocks.
        local = os.path.isfile(args.log)
        block = max(1, os.path.getsize(args.log) // max(1, args.partitions)) if local else "64MiB"
        lines = db.read_text(args.log, blocksize=block)
        reports = lines.map_partitions(judge_partition, cli, robots, extra).compute()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

    with tempfile.TemporaryDirectory(prefix="rtt-dask-") as tmp:
        files = []
        for i, report in enumerate(reports):
            path = os.path.join(tmp, "part-%d.json" % i)
            with open(path, "w", encoding="utf-8") as f:
                f.write(report)
            files.append(path)
        merged = subprocess.run(["node", cli, "logs", "merge", *files], check=False)
    return merged.returncode


if __name__ == "__main__":
    sys.exit(main())
