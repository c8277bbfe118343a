"""Answers robots.txt checks with the real Python parsers, for the readers' differential tests.

Reads JSON Lines {"reader", "robots", "ua", "url"} on stdin; writes {"allowed": bool} or
{"error": "..."} per line. Readers: python-urllib (this interpreter's urllib.robotparser),
scrapy-protego (the importable protego), python-urllib-rfc9309 (the module file named by the
ROBOTPARSER_RFC9309 environment variable, when given). `--versions` prints what is available.
"""
import importlib.util
import json
import os
import sys
import urllib.robotparser


def load_rfc9309():
    path = os.environ.get("ROBOTPARSER_RFC9309")
    if not path or not os.path.exists(path):
        return None
    spec = importlib.util.spec_from_file_location("robotparser_rfc9309", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def protego_module():
    try:
        import protego
    except ImportError:
        return None
    return protego


def protego_version(protego):
    version = getattr(protego, "__version__", None)
    if version:
        return version
    try:
        from importlib.metadata import version as dist_version
        return dist_version("protego")
    except Exception:
        return "unknown"


_parsed = {}


def parsed(reader, text, protego, rfc9309):
    key = (reader, text)
    if key not in _parsed:
        if reader == "python-urllib":
            rp = urllib.robotparser.RobotFileParser()
            rp.parse(text.splitlines())
        elif reader == "python-urllib-rfc9309":
            rp = rfc9309.RobotFileParser()
            rp.parse(text.splitlines())
        elif reader == "scrapy-protego":
            rp = protego.Protego.parse(text)
        else:
            raise ValueError("unknown reader " + reader)
        _parsed.clear()
        _parsed[key] = rp
    return _parsed[key]


def answer(req, protego, rfc9309):
    reader, ua, url = req["reader"], req["ua"], req["url"]
    rp = parsed(reader, req["robots"], protego, rfc9309)
    if reader == "scrapy-protego":
        return rp.can_fetch(url, ua)
    return rp.can_fetch(ua, url)


def main():
    protego = protego_module()
    rfc9309 = load_rfc9309()
    if "--versions" in sys.argv:
        print(json.dumps({
            "python": "%d.%d.%d" % sys.version_info[:3],
            "protego": protego_version(protego) if protego else None,
            # 0.3.1 stopped encoding '=', 0.4 reads '//' paths, 0.5 split the module: this reader is 0.6.
            "protegoCurrent": bool(protego) and hasattr(protego, "_protego"),
            "rfc9309": rfc9309 is not None,
        }))
        return
    out = []
    for line in sys.stdin:
        req = json.loads(line)
        try:
            out.append({"allowed": bool(answer(req, protego, rfc9309))})
        except Exception as e:  # the parser raised: the reader must say it cannot answer
            out.append({"error": type(e).__name__ + ": " + str(e)})
    sys.stdout.write("\n".join(json.dumps(o) for o in out) + ("\n" if out else ""))


main()
