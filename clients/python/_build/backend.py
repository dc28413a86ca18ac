"""A PEP 517 build backend for the smithyclient package, standard library
only: it writes a pure-Python wheel (and an sdist) of the smithyclient
package, with the metadata of pyproject.toml's [project] table.

Only what this package needs is supported: one pure package, no
dependencies, no entry points. Archives are deterministic (sorted entries,
fixed timestamps), so the same tree always gives the same bytes.
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PACKAGE = "smithyclient"
EPOCH = (1980, 1, 1, 0, 0, 0)


def _project():
    """The [project] table of pyproject.toml (string values only)."""
    path = os.path.join(ROOT, "pyproject.toml")
    try:
        import tomllib
    except ImportError:  # Python < 3.11: the file uses only plain strings there
        tomllib = None
    if tomllib is not None:
        with open(path, "rb") as f:
            return tomllib.load(f)["project"]
    project, section = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            m = re.match(r"^\[(.+)\]$", line)
            if m:
                section = m.group(1)
                continue
            m = re.match(r'^([A-Za-z0-9_-]+)\s*=\s*"(.*)"$', line)
            if m and section == "project":
                project[m.group(1)] = m.group(2)
    return project


def _names():
    p = _project()
    dist = re.sub(r"[-_.]+", "_", p["name"]).lower()
    return p, dist, "%s-%s" % (dist, p["version"])


def _metadata():
    p, _, _ = _names()
    lines = [
        "Metadata-Version: 2.1",
        "Name: %s" % p["name"],
        "Version: %s" % p["version"],
        "Summary: %s" % p.get("description", ""),
        "Requires-Python: %s" % p.get("requires-python", ""),
        "License: %s" % p.get("license", ""),
    ]
    readme = p.get("readme")
    body = ""
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(ROOT, readme), encoding="utf-8") as f:
            body = "\n" + f.read()
    return ("\n".join(lines) + "\n" + body).encode("utf-8")


def _package_files():
    """(archive path, bytes) of every file of the package, sorted."""
    out = []
    pkg = os.path.join(ROOT, PACKAGE)
    for dirpath, dirnames, filenames in os.walk(pkg):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith((".pyc", ".pyo")):
                continue
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, ROOT).replace(os.sep, "/")
            with open(full, "rb") as f:
                out.append((rel, f.read()))
    return sorted(out)


def _zip_add(zf, name, data):
    info = zipfile.ZipInfo(name, date_time=EPOCH)
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)


def _digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


def _dist_info(dist_info):
    wheel = b"Wheel-Version: 1.0\nGenerator: smithyclient _build/backend.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    return [
        (dist_info + "/METADATA", _metadata()),
        (dist_info + "/WHEEL", wheel),
        (dist_info + "/top_level.txt", (PACKAGE + "\n").encode("ascii")),
    ]


def _write_wheel(wheel_directory, files, dist_info, base):
    name = base + "-py3-none-any.whl"
    record = []
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w") as zf:
        for path, data in files:
            _zip_add(zf, path, data)
            record.append("%s,%s,%d" % (path, _digest(data), len(data)))
        record.append(dist_info + "/RECORD,,")
        _zip_add(zf, dist_info + "/RECORD", ("\n".join(record) + "\n").encode("utf-8"))
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _, _, base = _names()
    dist_info = base + ".dist-info"
    for path, data in _dist_info(dist_info):
        full = os.path.join(metadata_directory, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
    return dist_info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _, _, base = _names()
    dist_info = base + ".dist-info"
    return _write_wheel(wheel_directory, _package_files() + _dist_info(dist_info), dist_info, base)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """An editable install: a .pth file that puts this directory on
    sys.path, so the installed package is the checkout's."""
    _, dist, base = _names()
    dist_info = base + ".dist-info"
    pth = (ROOT + "\n").encode("utf-8")
    return _write_wheel(wheel_directory, [("_%s_editable.pth" % dist, pth)] + _dist_info(dist_info), dist_info, base)


def build_sdist(sdist_directory, config_settings=None):
    _, _, base = _names()
    name = base + ".tar.gz"
    files = [("pyproject.toml", None), ("README.md", None), ("_build/backend.py", None)]
    files = [(p, open(os.path.join(ROOT, p), "rb").read()) for p, _ in files] + _package_files()
    files.append(("PKG-INFO", _metadata()))
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as tf:
        for path, data in sorted(files):
            info = tarfile.TarInfo(base + "/" + path)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tf.addfile(info, io.BytesIO(data))
    return name
