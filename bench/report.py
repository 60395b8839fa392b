#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turns the JSON output of bench_kernels and bench_scene into the Markdown tables of
docs/PERFORMANCE.md: throughput or latency per method, its ratio to pickray, and its
disagreements with the exact answer. Usage: report.py kernels.json scene.json [more-scene.json ...]
or, for bench_mesh (one run per pickray level): report.py --mesh mesh.json [more-mesh.json ...]"""
import json
import re
import sys


def load(path):
    with open(path) as f:
        data = json.load(f)
    # "/iterations:N" is part of a benchmark's name when its iteration count is fixed: drop it.
    # A benchmark run several times (repetitions) counts by its fastest run.
    runs = {}
    for b in data["benchmarks"]:
        if b.get("run_type", "iteration") != "iteration":
            continue
        name = re.sub(r"/(iterations|repeats):\d+$", "", b["name"])
        if name not in runs or b["real_time"] < runs[name]["real_time"]:
            runs[name] = b
    return data["context"], runs


def fmt_rate(items_per_second):
    return f"{items_per_second / 1e6:.1f} M/s"


def fmt_ns(ns):
    return f"{ns:,.0f} ns" if ns >= 100 else f"{ns:.0f} ns"


def table(header, rows):
    """A Markdown table: the header's row, the line under it, then the rows."""
    return "\n".join([header, "|" + "---|" * (header.count("|") - 1)] + rows)


def compared(bench, name_of, ours_method, methods):
    """(method, its run, ours) for each of `methods` that ran, name_of(method) naming a method's
    run; nothing when ours_method did not run."""
    ours = bench.get(name_of(ours_method))
    if not ours:
        return
    for method in methods:
        b = bench.get(name_of(method))
        if b:
            yield method, b, ours


def throughput_rows(bench, kinds, reaches, name, ours_method, methods, cases):
    """Rows for every kind, reach and method: `name` formats to a benchmark's name; the ratio is
    the throughput of `ours_method` over each method's; `cases` is how many answers each checks."""
    rows = []
    shown_as = dict(methods)
    for kind in kinds:
        for reach, label in reaches:
            for method, b, ours in compared(bench, lambda m: name.format(kind=kind, method=m, reach=reach),
                                            ours_method, shown_as):
                ratio = ours["items_per_second"] / b["items_per_second"]
                shown = shown_as[method].format(label=b.get("label", "?"))
                rows.append(f"| {kind} | {label} | {shown} | {fmt_rate(b['items_per_second'])} | {ratio:.2f} | "
                            f"{int(b.get('wrong', 0))} / {cases} | {int(b.get('t_off', 0))} |")
    return rows


def kernels_table(bench):
    header = "| test | rays start | method | throughput | pickray's speed ÷ method's | wrong hit/miss | t off by > 1e-4 |"
    rows = throughput_rows(
        bench, ["Sphere", "Capsule", "Cylinder", "Box", "OrientedBox"], [("near", "4–10 away"), ("far", "1–4 km away")],
        "{kind}_{method}/{reach}", "pickray",
        [("pickray", "pickray (t only)"), ("pickray_hit", "pickray (whole hit)"),
         ("pickray_prepared", "pickray (t only, box prepared once)"),
         ("pickray_batch", "pickray (t only, batch of pairs, {label})"),
         ("glm", "glm"), ("textbook", "textbook"), ("bullet", "bullet")], 1024)
    for method, b, ours in compared(bench, lambda m: f"SegmentDistance_{m}", "pickray",
                                    ["pickray", "pickray_batch", "textbook", "fcl"]):
        ratio = ours["items_per_second"] / b["items_per_second"]
        shown = f"pickray (batch of pairs, {b.get('label', '?')})" if method == "pickray_batch" else method
        rows.append(f"| SegmentDistance | – | {shown} | {fmt_rate(b['items_per_second'])} | {ratio:.2f} | "
                    f"{int(b.get('wrong', 0))} / 1024 | – |")
    return table(header, rows)


def fan_table(bench):
    header = "| shape | camera | method | throughput | pickray batch's speed ÷ method's | wrong hit/miss | t off by > 1e-4 |"
    rows = throughput_rows(
        bench, ["Sphere", "Capsule", "Cylinder", "Box"], [("near", "30–40 away"), ("far", "1–4 km away")],
        "{kind}Fan_{method}/{reach}", "pickray_batch",
        [("pickray_batch", "pickray (batch: one ray × 1,024, {label})"),
         ("pickray_nearest", "pickray (nearestT: only the nearest of the 1,024, {label})"),
         ("pickray", "pickray (one call per shape)"),
         ("glm", "glm (one call per shape)"), ("textbook", "textbook (one call per shape)")], 8192)
    return table(header, rows)


# The scene benchmarks' cases: (mix, its label, N).
SCENES = [(mix, label, n) for mix, label in [(0, "spheres"), (1, "mixed")] for n in [100, 10000, 1000000]]


def scene_table(bench):
    header = "| scene | N | method | per ray | pickray's speed ÷ method's | bytes per object | wrong / t off (of checked) |"
    rows = []
    for mix, label, n in SCENES:
        for method, b, ours in compared(bench, lambda m: f"Nearest_{m}/{n}/{mix}", "pickray",
                                        ["pickray", "bruteforce", "embree_native", "embree_user",
                                         "embree4_native", "embree4_user", "bullet"]):
            ratio = b["real_time"] / ours["real_time"]
            mem = f"{b['bytes_per_object']:.0f}" if "bytes_per_object" in b else "–"
            rows.append(f"| {label} | {n:,} | {method} | {fmt_ns(b['real_time'])} | {ratio:.2f} | {mem} | "
                        f"{int(b.get('wrong', 0))} / {int(b.get('t_off', 0))} of {int(b.get('checked', 0))} |")
    return table(header, rows)


EMBREES = ["embree_native", "embree_user", "embree4_native", "embree4_user"]


def levels(context):
    """The levels a run's rows ran at: pickray's (its batch level and its BVH's box test) and Embree's."""
    return (f"pickray {context.get('pickray_level', '?')} ({context.get('pickray_box_test', '?')} box test) / "
            f"Embree {context.get('embree_isa', 'best')}")


def embree_table(runs_by_level):
    """The targets: pickray against the best Embree configuration of the run, per scene; the
    memory against Embree's native configuration (the tree plus the shape data each reads). One block
    of rows per run (a level of pickray's and Embree's), each row labelled with the CPU and levels."""
    header = ("| CPU | levels | scene | N | pickray | best Embree | pickray ÷ best Embree (time) | "
              "bytes per object: pickray / Embree native | build: pickray / Embree |")
    rows = []
    for context, bench in runs_by_level:
        rows += embree_rows(bench, context)
    return table(header, rows)


def embree_rows(bench, context):
    label_cells = f"| {context.get('cpu', '?')} | {levels(context)} "
    rows = []
    for mix, label, n in SCENES:
        ours = bench.get(f"Nearest_pickray/{n}/{mix}")
        runs = [(m, bench.get(f"Nearest_{m}/{n}/{mix}")) for m in EMBREES]
        runs = [(m, b) for m, b in runs if b]
        if not ours or not runs:
            continue
        best_method, best = min(runs, key=lambda r: r[1]["real_time"])
        natives = [b for m, b in runs if m.endswith("native")]
        native_mem = min(b["bytes_per_object"] for b in natives) if natives else None
        builds = [bench.get(f"Build_{e}/{n}/{mix}") for e in ["embree", "embree4"]]
        builds = [b for b in builds if b]
        ours_build = bench.get(f"Build_pickray/{n}/{mix}")
        build = (f"{ours_build['real_time'] / min(b['real_time'] for b in builds):.2f}"
                 if ours_build and builds else "–")
        version = context.get("embree4" if "embree4" in best_method else "embree3", "?")
        mem = (f"{ours['bytes_per_object']:.0f} / {native_mem:.0f} ({ours['bytes_per_object'] / native_mem:.2f}×)"
               if native_mem else "–")
        rows.append(f"{label_cells}| {label} | {n:,} | {fmt_ns(ours['real_time'])} | {fmt_ns(best['real_time'])} "
                    f"({best_method.replace('embree4_', 'Embree ' + version + ' ').replace('embree_', 'Embree ' + version + ' ')}) | "
                    f"{ours['real_time'] / best['real_time']:.2f} | {mem} | {build} |")
    return rows


def sphere_leaves_table(bench, context):
    """The two ways of storing spheres (query/bvh.hpp's SphereLeaves) side by side, against Embree's
    native spheres: what SphereLeaves::automatic's threshold trades."""
    header = ("| N spheres | slots: per ray | runs: per ray | runs ÷ slots (time) | bytes per object: slots / runs / "
              "Embree native | automatic took |")
    rows = []
    for n in [100, 300, 1000, 10000, 100000, 300000, 1000000]:
        slots, runs = bench.get(f"Nearest_pickray_slots/{n}/0"), bench.get(f"Nearest_pickray_runs/{n}/0")
        if not slots or not runs:
            continue
        natives = [b for b in (bench.get(f"Nearest_{m}/{n}/0") for m in ["embree_native", "embree4_native"]) if b]
        native = f"{min(b['bytes_per_object'] for b in natives):.0f}" if natives else "–"
        auto = bench.get(f"Nearest_pickray/{n}/0")
        took = ("–" if not auto else "runs" if abs(auto["bytes_per_object"] - runs["bytes_per_object"]) < 0.01
                else "slots")
        rows.append(f"| {n:,} | {fmt_ns(slots['real_time'])} | {fmt_ns(runs['real_time'])} | "
                    f"{runs['real_time'] / slots['real_time']:.2f} | {slots['bytes_per_object']:.0f} / "
                    f"{runs['bytes_per_object']:.0f} / {native} | {took} |")
    return f"CPU: {context.get('cpu', '?')}; {levels(context)}.\n\n" + table(header, rows) if rows else ""


def build_table(bench):
    header = "| scene | N | pickray build | Embree 3 build | Embree 4 build | Bullet build | pickray refit (one object) |"
    rows = []
    for mix, label, n in SCENES:
        cells = []
        for name in [f"Build_pickray/{n}/{mix}", f"Build_embree/{n}/{mix}", f"Build_embree4/{n}/{mix}",
                     f"Build_bullet/{n}/{mix}"]:
            b = bench.get(name)
            cells.append(f"{b['real_time']:.2f} ms" if b else "–")
        refit = bench.get(f"Refit_pickray/{n}/{mix}")
        cells.append(fmt_ns(refit["real_time"]) if refit else "–")
        rows.append(f"| {label} | {n:,} | " + " | ".join(cells) + " |")
    return table(header, rows)


def load_medians(path):
    """A bench_mesh run: its context and, per row, the median CPU time of its repetitions (the
    process's own time, what a busy shared machine takes least from) and its counters."""
    with open(path) as f:
        data = json.load(f)
    times, rows = {}, {}
    for b in data["benchmarks"]:
        if b.get("run_type", "iteration") != "iteration" or b.get("error_occurred"):
            continue
        name = re.sub(r"/(iterations|repeats):\d+$", "", b["run_name"] if "run_name" in b else b["name"])
        times.setdefault(name, []).append(b["cpu_time"])
        rows[name] = b
    for name, ts in times.items():
        ts = sorted(ts)
        n = len(ts)
        rows[name] = dict(rows[name], median=ts[n // 2] if n % 2 else 0.5 * (ts[n // 2 - 1] + ts[n // 2]), runs=n)
    return data["context"], rows


MESH_EMBREES = [("embree_default", "Embree 3 default"), ("embree_robust", "Embree 3 robust"),
                ("embree4_default", "Embree 4 default"), ("embree4_robust", "Embree 4 robust")]


def mesh_tables(runs):
    """bench_mesh's tables: per run (pickray's level) and model, time per ray, build and memory as
    pickray's ÷ each Embree configuration's; then the aimed rays' slips and double hits."""
    header = "| CPU / pickray level | model | what | pickray | " + " | ".join(
        f"{label} (pickray ÷ it)" for _, label in MESH_EMBREES) + " |"
    rows = []
    for context, bench in runs:
        level = f"{context.get('cpu', '?')} / {context.get('pickray_level', '?')}"
        models = sorted({name.split("/")[1] for name in bench if name.startswith("Nearest_pickray/")},
                        key=lambda m: ["tiny", "bunny", "torus"].index(m) if m in ["tiny", "bunny", "torus"] else 9)
        for model in models:
            for what in ["camera", "random", "aimed", "build", "memory"]:
                if what == "build":
                    ours, theirs = bench.get(f"Build_pickray/{model}"), [bench.get(f"Build_{m}/{model}")
                                                                        for m, _ in MESH_EMBREES]
                    value, fmt = (lambda b: b["median"]), (lambda v: f"{v:,.1f} ms")
                elif what == "memory":
                    ours, theirs = bench.get(f"Nearest_pickray/{model}/random"), [
                        bench.get(f"Nearest_{m}/{model}/random") for m, _ in MESH_EMBREES]
                    value, fmt = (lambda b: b["bytes_per_triangle"]), (lambda v: f"{v:.1f} B/triangle")
                else:
                    ours, theirs = bench.get(f"Nearest_pickray/{model}/{what}"), [
                        bench.get(f"Nearest_{m}/{model}/{what}") for m, _ in MESH_EMBREES]
                    value, fmt = (lambda b: b["median"]), (lambda v: f"{v:,.0f} ns")
                if not ours:
                    continue
                cells = [f"{fmt(value(b))} ({value(ours) / value(b):.2f})" if b else "–" for b in theirs]
                label = {"camera": "camera rays", "random": "random rays", "aimed": "aimed rays"}.get(what, what)
                rows.append(f"| {level} | {model} | {label} | {fmt(value(ours))} | " + " | ".join(cells) + " |")
    timing = table(header, rows)
    header = "| model | library | aimed rays | slips | double hits | nearest: wrong / t off (of checked) |"
    rows = []
    context, bench = runs[0]
    for model in ["tiny", "bunny", "torus"]:
        for method, label in [("pickray", "pickray")] + MESH_EMBREES:
            b = bench.get(f"Nearest_{method}/{model}/aimed")
            if not b:
                continue
            checks = [bench.get(f"Nearest_{method}/{model}/{s}") for s in ["camera", "random", "aimed"]]
            wrong = sum(int(c.get("wrong", 0)) for c in checks if c)
            off = sum(int(c.get("t_off", 0)) for c in checks if c)
            checked = sum(int(c.get("checked", 0)) for c in checks if c)
            rows.append(f"| {model} | {label} | {int(b['aimed']):,} | {int(b['slips']):,} | {int(b['double_hits']):,} | "
                        f"{wrong:,} / {off:,} of {checked:,} |")
    return timing + "\n\n" + table(header, rows)


def main():
    if sys.argv[1] == "--mesh":
        runs = [load_medians(path) for path in sys.argv[2:]]
        ctx = runs[0][0]
        print(f"Run {ctx.get('date')}; {ctx.get('num_cpus')} CPUs; Embree 3: {ctx.get('embree3', 'not built')}; "
              f"Embree 4: {ctx.get('embree4', 'not built')}; Embree's level: {ctx.get('embree_isa', 'best')}. "
              "Medians of each row's repetitions, CPU time; in brackets pickray's ÷ Embree's.\n")
        print(mesh_tables(runs))
        return
    kernels_context, kernels = load(sys.argv[1])
    # The first scene run gives the scene tables; every one (bench.sh runs one per level the CPU
    # has) gives its rows of the Embree table.
    scene_runs = [load(path) for path in sys.argv[2:]]
    scene_context, scene = scene_runs[0] if scene_runs else ({}, {})
    ctx = kernels_context
    print(f"Machine: {ctx.get('num_cpus')} × {ctx.get('mhz_per_cpu')} MHz, "
          f"caches {', '.join(str(c['size'] // 1024) + ' KiB L' + str(c['level']) for c in ctx.get('caches', []))}; "
          f"run {ctx.get('date')}.\n")
    print("### One ray against one shape\n")
    print(kernels_table(kernels))
    print("\n### One ray against many shapes\n")
    print(fan_table(kernels))
    print("\n### Nearest hit over N shapes\n")
    sc = scene_context
    print(f"CPU: {sc.get('cpu', '?')}; {levels(sc)}; "
          f"Embree 3: {sc.get('embree3', 'not built')}; Embree 4: {sc.get('embree4', 'not built')}.\n")
    print(scene_table(scene))
    print("\n### pickray against the best Embree\n")
    print(embree_table(scene_runs))
    leaves = sphere_leaves_table(scene, scene_context)
    if leaves:
        print("\n### Spheres in slots or in runs\n")
        print(leaves)
    print("\n### Building and refitting the hierarchy\n")
    print(build_table(scene))
    spans = [(n, scene.get(f"LineSpans_pickray/{n}/1")) for n in [10000, 1000000]]
    if any(b for _, b in spans):
        print("\n### Line spans over N mixed shapes\n")
        print("Every shape a ray's whole line passes through (`Bvh::lineSpans`, the demo's list per pick).\n")
        print("| N | per ray | wrong (of 32 checked against brute force) |\n|---|---|---|")
        for n, b in spans:
            if b:
                print(f"| {n:,} | {fmt_ns(b['real_time'])} | {int(b.get('wrong', 0))} |")
    batch = scene.get("Batch_pickray/10000/1/real_time")
    if batch:
        print(f"\n### Batch picking\n\nOne ray per pixel of a 1280×720 view over 10,000 mixed shapes, "
              f"{int(batch.get('threads', 0))} threads: {batch['items_per_second'] / 1e6:.2f} M rays/s "
              f"({batch['real_time']:.0f} ms per frame).")


if __name__ == "__main__":
    main()
