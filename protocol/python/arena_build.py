"""A PEP 517 build backend in the standard library, for this one pure-Python package.

pip builds a project in an isolated environment and would first download the backend
(setuptools) from the Python package index; Arena's machines reach no such index. This
backend needs nothing: it zips arena_bot/ with the metadata a wheel needs (PEP 427, PEP 660
for `pip install -e`). The name, version and scripts are read from pyproject.toml."""

import base64
import hashlib
import os
import re
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "arena_bot"


def _project():
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]
    field = lambda key: re.search(r'^%s\s*=\s*"([^"]*)"' % key, project, re.M).group(1)
    scripts = {}
    if "[project.scripts]" in text:
        block = text.split("[project.scripts]", 1)[1].split("\n[", 1)[0]
        scripts = dict(re.findall(r'^([\w.-]+)\s*=\s*"([^"]+)"', block, re.M))
    return field("name"), field("version"), field("description"), field("requires-python"), scripts


def _metadata_files():
    name, version, summary, python, scripts = _project()
    dist = "%s-%s.dist-info" % (name.replace("-", "_"), version)
    files = {
        dist + "/METADATA": "Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\nRequires-Python: %s\n"
        % (name, version, summary, python),
        dist + "/WHEEL": "Wheel-Version: 1.0\nGenerator: arena_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    if scripts:
        files[dist + "/entry_points.txt"] = "[console_scripts]\n" + "".join(
            "%s = %s\n" % kv for kv in sorted(scripts.items()))
    return name.replace("-", "_"), version, dist, files


def _write_wheel(directory, sources):
    """sources: archive path -> bytes. Returns the wheel's file name."""
    name, version, dist, meta = _metadata_files()
    entries = dict(sources)
    entries.update({k: v.encode("utf-8") for k, v in meta.items()})
    record = []
    for path, data in entries.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append("%s,sha256=%s,%d" % (path, digest, len(data)))
    record.append(dist + "/RECORD,,")
    entries[dist + "/RECORD"] = ("\n".join(record) + "\n").encode("utf-8")
    wheel = "%s-%s-py3-none-any.whl" % (name, version)
    with zipfile.ZipFile(os.path.join(directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(entries):
            info = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))  # reproducible
            info.external_attr = 0o644 << 16
            z.writestr(info, entries[path], zipfile.ZIP_DEFLATED)
    return wheel


def _package_sources():
    sources = {}
    root = os.path.join(HERE, PACKAGE)
    for entry in sorted(os.listdir(root)):
        if entry.endswith(".py") or entry == "py.typed":
            with open(os.path.join(root, entry), "rb") as f:
                sources[PACKAGE + "/" + entry] = f.read()
    return sources


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, _package_sources())


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    # A .pth file puts this folder on sys.path: edits to arena_bot/ take effect at once.
    return _write_wheel(wheel_directory, {PACKAGE + "_editable.pth": (HERE + "\n").encode("utf-8")})
