#!/usr/bin/env bash
# Idempotent toolchain set-up for a Debian 12 machine (run as root, or with the tools already present).
# Installs what is missing, skips what is present: emscripten, clang-19 + lld-19 (+ sanitizer runtimes, clang-format and clang-tidy), googletest, chromium (+ driver), firefox-esr, webkit2gtk-driver + xvfb, poppler-utils, nginx, cmake,
# xsimd 13 (header-only, unpacked into .cache/xsimd; bookworm ships 8.1, which lacks the wasm arch), npm ci.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

log() { printf '[setup] %s\n' "$*"; }

need_apt=()
command -v emcc >/dev/null 2>&1 || need_apt+=(emscripten)
command -v cmake >/dev/null 2>&1 || need_apt+=(cmake)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
[ -f /usr/include/gtest/gtest.h ] || need_apt+=(googletest libgtest-dev)
[ -x /usr/lib/llvm-19/bin/clang ] || need_apt+=(clang-19)   # the relaxed-SIMD build's compiler
[ -x /usr/lib/llvm-19/bin/wasm-ld ] || need_apt+=(lld-19)   # and its linker
# ASan, UBSan and libFuzzer for the hardening tree (build/sanitize)
[ -f /usr/lib/llvm-19/lib/clang/19/lib/linux/libclang_rt.fuzzer-x86_64.a ] || need_apt+=(libclang-rt-19-dev)
# The C++ format and lint checks (scripts/lint.sh)
command -v clang-format-19 >/dev/null 2>&1 || need_apt+=(clang-format-19)
command -v clang-tidy-19 >/dev/null 2>&1 || need_apt+=(clang-tidy-19)
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -x /usr/bin/chromedriver ] || need_apt+=(chromium-driver)
[ -x /usr/bin/firefox-esr ] || need_apt+=(firefox-esr)       # the Firefox end-to-end run (WebDriver BiDi)
[ -x /usr/bin/WebKitWebDriver ] || need_apt+=(webkit2gtk-driver) # the WebKit run: MiniBrowser under WebKitWebDriver
command -v Xvfb >/dev/null 2>&1 || need_apt+=(xvfb)             # MiniBrowser's display
command -v pdftotext >/dev/null 2>&1 || need_apt+=(poppler-utils)  # reading the printed playground page (tests/e2e/app/print.test.js)
# Serving dist/ as a teacher's server does (tests/e2e/app/hosting.test.js starts its own; the system's service is not used)
[ -x /usr/sbin/nginx ] || need_apt+=(nginx)
command -v dpkg-deb >/dev/null 2>&1 || need_apt+=(dpkg)
if [ ${#need_apt[@]} -gt 0 ]; then
  log "installing: ${need_apt[*]}"
  sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q "${need_apt[@]}"
else
  log "system packages present"
fi

# xsimd 13 from Debian's next suite, fetched with a throw-away apt configuration so the system's own sources
# are never touched. The mirror comes from the system's configured sources; no host is written here.
xsimd_version=13.2.0-1
xsimd_prefix=$root/.cache/xsimd
if [ -f "$xsimd_prefix/usr/include/xsimd/xsimd.hpp" ] && grep -q "$xsimd_version" "$xsimd_prefix/VERSION" 2>/dev/null; then
  log "xsimd $xsimd_version present"
else
  log "fetching libxsimd-dev $xsimd_version"
  mirror=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' | awk '$2 == "bookworm" {print $1; exit}')
  [ -n "$mirror" ] || { echo "setup: no bookworm source configured; cannot find a Debian mirror" >&2; exit 1; }
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial"
  chmod -R a+rwX "$tmp"  # apt drops to the _apt user for downloads
  echo "deb $mirror trixie main" > "$tmp/sources.list"
  # Only the package lists: a machine with apt-file installed would also fetch the suite's Contents indexes (50 MB),
  # whose mirror copies are at times mid-sync, failing the whole update.
  apt_opts=(-o "Dir::Etc::sourcelist=$tmp/sources.list" -o Dir::Etc::sourceparts=/dev/null
            -o "Dir::State::Lists=$tmp/lists" -o "Dir::Cache=$tmp/cache" -o APT::Get::List-Cleanup=0
            -o Acquire::IndexTargets::deb::Contents-deb::DefaultEnabled=false
            -o Acquire::IndexTargets::deb-src::Contents-dsc::DefaultEnabled=false)
  apt-get "${apt_opts[@]}" update -q
  (cd "$tmp" && apt-get "${apt_opts[@]}" download "libxsimd-dev=$xsimd_version")
  rm -rf "$xsimd_prefix"
  mkdir -p "$xsimd_prefix"
  dpkg-deb -x "$tmp"/libxsimd-dev_*.deb "$xsimd_prefix"
  echo "$xsimd_version" > "$xsimd_prefix/VERSION"
fi

if [ -f package-lock.json ]; then
  if [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
    log "node_modules up to date"
  else
    # npm ci waits on the network and the disk more than the CPU (55 CPU-s in 82 s on 2 cores here): the native
    # tree, which needs no Node packages, compiles beside it, and the build that follows finds it done.
    log "npm ci, and the native tree beside it"
    native_log=$(mktemp)
    bash scripts/build-native.sh >"$native_log" 2>&1 &
    native=$!
    npm ci --no-audit --no-fund
    wait $native || { cat "$native_log"; echo "setup: the native build failed" >&2; exit 1; }
    rm -f "$native_log"
  fi
fi
log "done"
