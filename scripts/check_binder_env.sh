#!/usr/bin/env bash
# Builds what Binder would build, as far as a machine without Docker can: a clean copy of the
# repository's files, a fresh venv, `pip install -r binder/requirements.txt` run from the copy's
# root (as repo2docker runs it), then the imports and the landing notebook the app needs,
# and Binder's Jupyter server with binder/postBuild's config serving `precog app` at /precog/.
# Prints the time taken and the size of the environment.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

want=$(sed -n 's/^python-//p' "$root/binder/runtime.txt")
have=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
[ "$want" = "$have" ] || echo "note: binder/runtime.txt asks for Python $want; python3 here is $have"

# The files a clone would have (tracked, or untracked but not ignored).
mkdir "$work/repo"
git -C "$root" ls-files -z --cached --others --exclude-standard \
  | (cd "$root" && tar --null -T - -cf -) | tar -xf - -C "$work/repo"

start=$(date +%s)
python3 -m venv "$work/venv"
(cd "$work/repo" && "$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  --no-cache-dir -r binder/requirements.txt) >"$work/pip.log" 2>&1 || { cat "$work/pip.log"; exit 1; }
took=$(( $(date +%s) - start ))

cd "$work/repo/notebooks"  # where Voila starts the landing page's kernel
"$work/venv/bin/python" - <<'PY'
import anywidget, ipywidgets, plotly, voila  # noqa: F401
import precog
from precog.app_landing import landing
from precog.widgets.explorer import Explorer  # noqa: F401
from precog.widgets.play import PlayApp  # noqa: F401
assert "precog" in landing().value
print(f"imports: precog {precog.__version__} from {precog.__file__}")
print(f"         voila {voila.__version__}, ipywidgets {ipywidgets.__version__}, plotly {plotly.__version__}")
PY
for nb in index play explorer; do
  "$work/venv/bin/jupyter" nbconvert --to notebook --execute --stdout "$nb.ipynb" >/dev/null \
    2>"$work/nbconvert.log" || { cat "$work/nbconvert.log"; exit 1; }
  echo "notebook: notebooks/$nb.ipynb runs"
done
extensions=$("$work/venv/bin/jupyter" server extension list 2>&1)
grep -q 'jupyter_server_proxy .*enabled' <<<"$extensions" \
  || { echo "$extensions"; echo "jupyter-server-proxy is not enabled"; exit 1; }
echo "jupyter: jupyter-server-proxy is enabled"
# binder/postBuild, run with a home of its own; then Binder's Jupyter server with the config it
# writes, and the landing page fetched through its proxy (which starts `precog app`).
mkdir "$work/home"
HOME="$work/home" bash "$work/repo/binder/postBuild"
port=$("$work/venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd "$work/home" && HOME="$work/home" PATH="$work/venv/bin:$PATH" exec "$work/venv/bin/jupyter" server \
  --port "$port" --no-browser --allow-root --ServerApp.token=check >"$work/server.log" 2>&1) &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$work"' EXIT
page="http://127.0.0.1:$port/precog/voila/render/notebooks/index.ipynb?token=check"
for _ in $(seq 1 90); do
  code=$(curl -s -o "$work/landing.html" -w '%{http_code}' "$page" || true)
  [ "$code" = 200 ] && break
  sleep 2
done
[ "$code" = 200 ] && grep -q 'class="precog-landing' "$work/landing.html" \
  || { tail -40 "$work/server.log"; echo "the landing page did not come through the proxy ($code)"; exit 1; }
# the landing page is sent without a kernel: a page of the app with its widgets, too
lesson="http://127.0.0.1:$port/precog/voila/render/tutorials/lesson01.ipynb?token=check"
code=$(curl -s -o "$work/lesson.html" -w '%{http_code}' "$lesson" || true)
[ "$code" = 200 ] && grep -q 'widget-view+json' "$work/lesson.html" \
  || { tail -40 "$work/server.log"; echo "lesson 1 did not come through the proxy ($code)"; exit 1; }
echo "binder: Jupyter's proxy serves precog app's landing page and lesson 1 at /precog/"
echo "binder env: installed in ${took} s, $(du -sh "$work/venv" | cut -f1) in the venv; whole check $(( $(date +%s) - start )) s"
