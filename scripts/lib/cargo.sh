# scripts/lib/cargo.sh, sourced by the scripts that build before they run (judge, bench,
# bundle): one cargo build, locked to Cargo.lock, that says what it is doing.
#
# cargo_build WHO WHAT ARGS...: `cargo build --locked ARGS...`. A build with nothing to do
# prints nothing (cargo's lone `Finished` line is dropped); one that compiles (minutes, the
# first time on a small machine) first says `WHO: building WHAT`, then shows cargo's own
# lines (`Compiling ...`, `Finished ...`) as they come, on stderr. --locked: the versions
# Cargo.lock names, never newer ones (cargo fails rather than re-resolve), downloaded only
# where cargo's registry cache lacks them. The exit status is cargo's.
cargo_build() {
    local who="$1" what="$2"
    shift 2
    # cargo writes to a pipe here, where it would drop its colours.
    local color=never
    if [ -t 2 ]; then color=always; fi
    cargo build --locked --color "$color" "$@" 2>&1 >/dev/null |
        awk -v intro="$who: building $what (cargo's progress follows; a first build takes minutes)" '
            { plain = $0; gsub(/\033\[[0-9;]*[A-Za-z]/, "", plain) }
            !said && plain ~ /^ *Finished / { next }
            !said { print intro; said = 1 }
            { print; fflush() }
        ' >&2
    # cargo's status, whether or not the caller set pipefail.
    return "${PIPESTATUS[0]}"
}
