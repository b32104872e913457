#!/usr/bin/env bash
# What dicelab's GitHub Action (action.yml) runs in a game's repository: installs dicelab
# outside the repository (under $RUNNER_TEMP: the game's package.json and lock are left alone),
# runs `dicelab check` on the scenario files, annotates each failed expectation and moved figure
# at its line (an inconclusive one as a warning), appends this run's check.md to the run's summary
# ($GITHUB_STEP_SUMMARY; on any exit where check judged nothing — bad input, a dicelab not
# installed, a bug — a line naming the status), leaves check.junit.xml in the out folder, sets
# the `status` output, and exits with check's status —
# but for an inconclusive check (3) with DICELAB_INCONCLUSIVE=pass, which passes with a warning.
# Inputs come as DICELAB_PATH, DICELAB_BASELINE, DICELAB_VERSION, DICELAB_INCONCLUSIVE and
# DICELAB_OUT (the action's inputs; each has the action's default). An empty DICELAB_BASELINE
# passes no --baseline: check's default, reports/baseline.json, may be missing (none recorded
# yet), while a file the input names must be there.
set -uo pipefail

paths="${DICELAB_PATH:-scenarios}"
baseline="${DICELAB_BASELINE:-}"
version="${DICELAB_VERSION:-}"
inconclusive="${DICELAB_INCONCLUSIVE:-fail}"
out="${DICELAB_OUT:-reports}"
action_dir="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}"

# Every exit goes through here, with the status to report and, when it differs (an
# inconclusive check passed), the one to exit with. The summary gets this run's check.md when
# check judged (0, 1, 3), else a line naming the status: on bad input, a bug or a dicelab not
# installed nothing was judged, and a check.md there is an earlier run's, which the summary must
# not show as this one. The `status` output is set too.
checked=no
finish() {
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    case "$checked:$1" in
      yes:0 | yes:1 | yes:3) cat "$out/check.md" >>"$GITHUB_STEP_SUMMARY" ;;
      *) printf '## dicelab check: stopped with status %s, nothing judged (the message is in the step log)\n' "$1" >>"$GITHUB_STEP_SUMMARY" ;;
    esac
  fi
  if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "status=$1" >>"$GITHUB_OUTPUT"; fi
  exit "${2:-$1}"
}

case "$inconclusive" in
  fail | pass) ;;
  *)
    echo "::error title=dicelab check::inconclusive: \"$inconclusive\" is not allowed (expected fail or pass)"
    finish 2
    ;;
esac

# The dicelab to install: the action's own version unless told. A file that is there (a
# tarball), a URL or git spec (it has a ':' or a '/') or a spec naming dicelab is npm's as
# written; anything else is a version, range or dist-tag of dicelab's on the registry (0.2.0,
# v0.2.0, >=0.2, 0.x, beta), never the registry's package of that name.
if [ -z "$version" ]; then
  version="$(node -p "require(process.argv[1]).version" "$action_dir/package.json")"
fi
case "$version" in
  dicelab@* | */* | *:*) spec="$version" ;;
  *) if [ -e "$version" ]; then spec="$version"; else spec="dicelab@$version"; fi ;;
esac
if [ -e "$spec" ]; then spec="$(cd "$(dirname "$spec")" && pwd)/$(basename "$spec")"; fi

prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/dicelab-action"
mkdir -p "$prefix"
if ! npm install --prefix "$prefix" --no-save --no-audit --no-fund --prefer-offline "$spec" >"$prefix/install.log" 2>&1; then
  cat "$prefix/install.log"
  # Unavailable (69), not a bug in dicelab (70): a version not on the registry, or no network.
  echo "::error title=dicelab check::could not install $spec (the npm log is above: check the version input and that the registry can be reached)"
  finish 69
fi
dicelab="$prefix/node_modules/.bin/dicelab"
echo "dicelab $("$dicelab" --version), from $spec"

# Every path is checked. An input with a line break (a `path: |` block) is one path a line,
# trimmed, so a path may hold spaces; one on a single line is split at spaces.
files=()
if [[ "$paths" == *$'\n'* ]]; then
  while IFS= read -r line; do
    line="${line#"${line%%[![:space:]]*}"}"
    line="${line%"${line##*[![:space:]]}"}"
    if [ -n "$line" ]; then files+=("$line"); fi
  done <<<"$paths"
else
  read -r -a files <<<"$paths"
fi
args=(check "${files[@]}" --out "$out" --quiet)
case "$baseline" in
  '') ;;
  none) args+=(--no-baseline) ;;
  *) args+=(--baseline "$baseline") ;;
esac
# check's report goes to the log as it comes, and to a file the annotations are read from.
report="$prefix/check.out"
"$dicelab" "${args[@]}" | tee "$report"
status=${PIPESTATUS[0]}
# check writes check.md whenever it judged (0, 1, 3): finish shows it then, and only then.
if [ -f "$out/check.md" ]; then checked=yes; fi

# Each failed expectation and moved figure as an error annotation at its line in the pull
# request's files, each inconclusive one as a warning, from check's own lines ("  FAIL:
# path:line:col: …"; stdout in CI is a pipe, never wrapped): the path is up to the first
# ":line:col: ". A message escapes %, a property also : and , (GitHub's workflow commands).
annotate() {
  local text kind word rest at file message
  while IFS= read -r text; do
    case "$text" in
      '  FAIL: '* | '  moved: '*) kind=error ;;
      '  inconclusive: '*) kind=warning ;;
      *) continue ;;
    esac
    rest="${text#  *: }"
    [[ "$rest" =~ :([0-9]+):([0-9]+):\  ]] || continue
    at="${BASH_REMATCH[0]}"
    file="${rest%%"$at"*}"
    word="${text#  }"
    message="${word%%: *}: ${rest#*"$at"}"
    message="${message//%/%25}"
    file="${file//%/%25}"
    file="${file//:/%3A}"
    file="${file//,/%2C}"
    echo "::$kind file=$file,line=${BASH_REMATCH[1]},col=${BASH_REMATCH[2]},title=dicelab check::$message"
  done <"$1"
}
if [ "$checked" = yes ]; then annotate "$report"; fi

case "$status" in
  0) ;;
  1) echo "::error title=dicelab check::an expectation failed or a figure moved from the baseline (see the summary and $out/check.md)" ;;
  3)
    if [ "$inconclusive" = pass ]; then
      echo "::warning title=dicelab check::inconclusive: a simulated figure is still undecided at its trials cap (passing, as inconclusive: pass asks)"
      finish 3 0
    fi
    echo "::error title=dicelab check::inconclusive: a simulated figure is still undecided at its trials cap (inconclusive: fail)"
    ;;
  *) echo "::error title=dicelab check::dicelab check stopped with status $status (the message is above)" ;;
esac
finish "$status"
