#!/usr/bin/env bash
# A damaged ini file must not crash the app at start (it used to, on every start, until the file was deleted):
# each bad value is ignored with one note on stderr and the app keeps running. Runs the interactive app under
# Xvfb for two seconds with HOME pointing at a fresh folder holding the ini (SDL's preference path).
# Usage: bad_ini_test.sh APP
set -u
app=$1
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
dir="$home/.local/share/typelattice/typelattice-app"
mkdir -p "$dir"
deep="$home/deep.json"
python3 -c "d=10**5;print('{\"nodes\":[\"a\"],\"edges\":['+'['*d+']'*d+']}')" > "$deep"
status=0
for bad in 'zoom=nan' 'zoom=inf' 'zoom=-1e30' 'pan_x=nan' 'pan_y=inf' 'pan_y=1e39' 'x64=2' 'code=0x100' \
           'code=99999999999' 'format=float99' 'system=nump' 'view=__proto__' 'lattice_shown=yes' \
           "lattice_file=$deep"; do
  printf '[typelattice][state]\n%s\nlattice_shown=1\n' "$bad" > "$dir/imgui.ini"
  HOME=$home timeout 2 xvfb-run -a -s "-screen 0 1280x800x24" "$app" > "$home/out" 2> "$home/err"
  rc=$?
  key=${bad%%=*}
  if [ $rc -ne 124 ]; then  # 124: still running when timeout stopped it, as it should be
    echo "FAIL $bad: the app exited with $rc"; sed 's/^/    /' "$home/err" | head -5; status=1
  elif [ "$key" != lattice_file ] && ! grep -qF "ignored $key=" "$home/err"; then
    echo "FAIL $bad: no note on stderr"; sed 's/^/    /' "$home/err" | head -5; status=1
  else
    echo "ok   $bad"
  fi
done
exit $status
