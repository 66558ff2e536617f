#!/usr/bin/env python3
"""docs/CLUSTER.md's runnable blocks, for make cluster-test.

  cluster_doc.py extract DOC DIR   writes each block marked `<!-- file: NAME -->` to DIR/NAME
  cluster_doc.py check-k8s DIR     the Kubernetes rules a schema cannot check, over DIR's files

Exit 0 when all is well, 1 naming the block and the rule broken otherwise.
"""
import os
import re
import sys

import_error = None
try:
    import yaml
except ImportError as e:  # extract needs no PyYAML
    import_error = e

MARKER = re.compile(r"<!-- file: (\S+) -->\n```[a-z0-9]*\n(.*?)\n```", re.S)


def extract(doc_path, out_dir):
    """Writes every marked block of doc_path into out_dir (shell blocks executable)."""
    text = open(doc_path, encoding="utf-8").read()
    blocks = MARKER.findall(text)
    if not blocks:
        sys.exit(f"{doc_path}: no block marked <!-- file: NAME -->")
    os.makedirs(out_dir, exist_ok=True)
    for name, body in blocks:
        path = os.path.join(out_dir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(body + "\n")
        if name.endswith((".sh", ".sbatch")):
            os.chmod(path, 0o755)
        print(f"{name}: {body.count(chr(10)) + 1} lines")


def load(dir_, name):
    """The objects of one YAML file of the doc."""
    with open(os.path.join(dir_, name), encoding="utf-8") as f:
        return [d for d in yaml.safe_load_all(f) if d]


def check_job(name, job, defined, problems):
    """Cross-field rules of one Job: indexes, retry policy, references to other objects."""
    spec, pod = job["spec"], job["spec"]["template"]["spec"]
    where = f"{name}: Job {job['metadata']['name']}"
    if pod.get("restartPolicy") != "Never":
        problems.append(f"{where}: restartPolicy must be Never")
    if "backoffLimitPerIndex" in spec or "podFailurePolicy" in spec:
        if spec.get("completionMode") != "Indexed" and "backoffLimitPerIndex" in spec:
            problems.append(f"{where}: backoffLimitPerIndex needs completionMode Indexed")
    if "maxFailedIndexes" in spec and spec["maxFailedIndexes"] > spec.get("completions", 1):
        problems.append(f"{where}: maxFailedIndexes {spec['maxFailedIndexes']} > completions {spec.get('completions')}")
    for rule in spec.get("podFailurePolicy", {}).get("rules", []):
        codes = rule.get("onExitCodes", {})
        if rule["action"] in ("FailIndex", "FailJob") and codes.get("operator") == "In" and 75 in codes["values"]:
            problems.append(f"{where}: exit 75 (transient) must be retried, not {rule['action']}")
    sa = pod.get("serviceAccountName")
    if sa and ("ServiceAccount", sa) not in defined:
        problems.append(f"{where}: ServiceAccount {sa} is not defined")
    for v in pod.get("volumes", []):
        if "persistentVolumeClaim" in v and ("PersistentVolumeClaim", v["persistentVolumeClaim"]["claimName"]) not in defined:
            problems.append(f"{where}: PersistentVolumeClaim {v['persistentVolumeClaim']['claimName']} is not defined")
        if "configMap" in v and ("ConfigMap", v["configMap"]["name"]) not in defined:
            problems.append(f"{where}: ConfigMap {v['configMap']['name']} is not defined")


def check_completions(objects, problems):
    """An Indexed Job's completions equal the lines of regions.txt in the ConfigMap it mounts."""
    maps = {o["metadata"]["name"]: o for _, o in objects if o["kind"] == "ConfigMap"}
    for name, o in objects:
        if o["kind"] != "Job" or o["spec"].get("completionMode") != "Indexed":
            continue
        for v in o["spec"]["template"]["spec"].get("volumes", []):
            cm = maps.get(v.get("configMap", {}).get("name"))
            if cm and "regions.txt" in cm["data"]:
                lines = [l for l in cm["data"]["regions.txt"].splitlines() if l.strip()]
                if len(lines) != o["spec"]["completions"]:
                    problems.append(f"{name}: completions {o['spec']['completions']} != {len(lines)} lines of regions.txt")
                for line in lines:
                    if os.path.basename(line) not in cm["data"]:
                        problems.append(f"{name}: regions.txt names {line}, not in ConfigMap {cm['metadata']['name']}")


def check_applies(dir_, objects, problems):
    """The region Job and the catalog Job are never in one kubectl apply, and the catalog comes later."""
    files_of = {}
    for name, o in objects:
        files_of.setdefault(o["metadata"]["name"], set()).add(name)
    script = open(os.path.join(dir_, "run-k8s.sh"), encoding="utf-8").read()
    applies = [re.findall(r"-f\s+(\S+)", line) for line in script.splitlines() if "kubectl apply" in line]
    builds = files_of.get("trailpack-regions", set())
    catalogs = files_of.get("trailpack-catalog", set())
    applied = [f for files in applies for f in files]
    for f in builds | catalogs:
        if f not in applied:
            problems.append(f"run-k8s.sh: {f} is never applied")
    for files in applies:
        if builds & set(files) and catalogs & set(files):
            problems.append("run-k8s.sh: the region Job and the catalog Job are applied together")
    first = {f: min(i for i, files in enumerate(applies) if f in files) for f in applied}
    if builds and catalogs and all(f in first for f in builds | catalogs):
        if max(first[f] for f in builds) >= min(first[f] for f in catalogs):
            problems.append("run-k8s.sh: the catalog Job is applied before the region Job")
    if "Failed" not in script or "Complete" not in script:
        problems.append("run-k8s.sh: does not wait for both Complete and Failed")


def check_k8s(dir_):
    """Every rule above over the doc's YAML files; returns the problems found."""
    if import_error:
        sys.exit(f"check-k8s needs PyYAML: {import_error}")
    objects = [(n, o) for n in sorted(os.listdir(dir_)) if n.endswith(".yaml") for o in load(dir_, n)]
    defined = {(o["kind"], o["metadata"]["name"]) for _, o in objects}
    problems = []
    for name, o in objects:
        if o["kind"] == "Job":
            check_job(name, o, defined, problems)
    check_completions(objects, problems)
    check_applies(dir_, objects, problems)
    print(f"checked {len(objects)} objects: " + ", ".join(f"{o['kind']}/{o['metadata']['name']}" for _, o in objects))
    return problems


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "extract":
        extract(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "check-k8s":
        found = check_k8s(sys.argv[2])
        for p in found:
            print(f"problem: {p}", file=sys.stderr)
        sys.exit(1 if found else 0)
    else:
        sys.exit(__doc__)
