#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The pick audit of every configuration docs/PICK_AUDIT.md lists, at 1280x720, with the
# built pickray headless (SDL's offscreen driver), each drawn by the analytic renderer and by the
# mesh renderer, written as the table in docs/PICK_AUDIT.md between its "audit-baseline" markers:
#   python3 scripts/audit_baseline.py [build-dir]
# Every scene in assets/scenes/ and generated scenes of 1e3, 1e4 and 1e5 objects, in both
# projections and both clip-depth conventions; and the default scene with its camera moved 1e4
# from the origin, far/near 1e6. Takes a few minutes on 2 cores (the audit casts 4.6 million rays
# per view). The counts depend on the GL driver that rasterised the ID buffer: its name and
# version are written beside the table.
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = "1280x720"
DOC = ROOT / "docs" / "PICK_AUDIT.md"
BEGIN, END = "<!-- audit-baseline:begin -->", "<!-- audit-baseline:end -->"

# The far configuration: the default scene and its camera moved together by this vector (length
# 1e4, along no axis), near 0.01 and far 1e4 (far/near 1e6).
FAR_MOVE = "6000,0,8000"
FAR_CAMERA = ["--near", "0.01", "--far", "10000"]


def configurations():
    scenes = [(p.name, ["--scene", str(p)]) for p in sorted((ROOT / "assets" / "scenes").glob("*.json"))]
    scenes += [(f"generated {n:,}", ["--generate", str(n)]) for n in (1000, 10000, 100000)]
    for name, args in scenes:
        for projection in ("perspective", "orthographic"):
            for depth in ("opengl", "direct3d"):
                yield (name, projection, depth,
                       args + ["--projection", projection, "--clip-depth", depth])
    default = ["--scene", str(ROOT / "assets" / "scenes" / "default.json")]
    for projection in ("perspective", "orthographic"):
        for depth in ("opengl", "direct3d"):
            yield ("default.json moved 1e4, far/near 1e6", projection, depth,
                   default + ["--move-all", FAR_MOVE] + FAR_CAMERA + ["--projection", projection, "--clip-depth", depth])


def driver():
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libgl1-mesa-dri"],
                             capture_output=True, text=True, check=True).stdout.strip()
        return f"Mesa llvmpipe (libgl1-mesa-dri {out})"
    except (OSError, subprocess.CalledProcessError):
        return "the GL driver SDL's offscreen video driver found"


def audit(pickray, args, out):
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen")
    run = subprocess.run([pickray, "--headless", "--size", SIZE, *args, "--audit", str(out)],
                         capture_output=True, text=True, env=env)
    if run.returncode != 0:
        sys.exit(f"pickray {' '.join(args)} failed ({run.returncode}):\n{run.stdout}{run.stderr}")
    return json.loads(out.read_text())


RENDERERS = ("analytic", "mesh")


def counts(a):
    """One renderer's cells: mismatches (their share), robust ones, the farthest robust one."""
    worst = [w["distance_px"] for w in a["worst"]]
    farthest = "none" if not worst else (f"> {16}" if worst[0] is None else str(worst[0]))
    share = 100.0 * a["mismatches"] / a["pixels"]
    return f"{a['mismatches']:,} ({share:.2f}%) | {a['robust_mismatches']:,} | {farthest}"


def row(name, projection, depth, analytic, mesh):
    return (f"| {name} | {projection} | {depth} | {analytic['objects']:,} | {counts(analytic)} "
            f"| {counts(mesh)} | {analytic['depth_ties']:,} | {analytic['probe_px']:.3g} |")


def main():
    build = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build").resolve()
    pickray = build / "app" / "pickray"
    if not pickray.exists():
        sys.exit(f"no {pickray}: build first (cmake --build {build} --target pickray)")
    lines = [f"Measured at {SIZE} ({1280 * 720:,} pixels per view) by `scripts/audit_baseline.py` with "
             f"{driver()}; the far configuration moves the scene and camera by ({FAR_MOVE}).",
             "",
             "| scene | projection | clip depth | objects | analytic: mismatches | robust | farthest (px) "
             "| mesh: mismatches | robust | farthest (px) | depth ties | probe (px) |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, projection, depth, args) in enumerate(configurations()):
            a, m = (audit(pickray, args + ["--renderer", r], Path(tmp) / f"audit{i}-{r}.json") for r in RENDERERS)
            lines.append(row(name, projection, depth, a, m))
            print(lines[-1], flush=True)
    text = DOC.read_text()
    if BEGIN not in text or END not in text:
        sys.exit(f"{DOC} has no {BEGIN} ... {END} markers")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOC.write_text(head + BEGIN + "\n" + "\n".join(lines) + "\n" + END + tail)
    print(f"wrote {DOC}")


if __name__ == "__main__":
    main()
