#!/usr/bin/env bash
# Builds what Binder would build, as far as a machine without Docker can: a clean copy of the
# repository's files, a fresh venv, `pip install -r binder/requirements.txt` run from the copy's
# root (as repo2docker runs it), then the imports and the landing notebook the app needs, and
# Voila's server extension, which Binder's `jupyter lab` needs for ?urlpath=voila/render/...,
# and the kernel culling that binder/postBuild configures.
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
grep -q 'voila\.server_extension .*enabled' <<<"$extensions" \
  || { echo "$extensions"; echo "voila's server extension is not enabled"; exit 1; }
echo "jupyter: voila's server extension is enabled"
# binder/postBuild, run with a home of its own: the jupyter_server config it writes is read
mkdir "$work/home"
HOME="$work/home" bash "$work/repo/binder/postBuild"
HOME="$work/home" "$work/venv/bin/python" - <<'PY'
from jupyter_server.serverapp import ServerApp
app = ServerApp()
app.load_config_file()
assert app.config.MappingKernelManager.cull_idle_timeout == 80, app.config
print("postBuild: jupyter_server culls kernels of closed pages (80 s idle, every 20 s)")
PY
echo "binder env: installed in ${took} s, $(du -sh "$work/venv" | cut -f1) in the venv"
