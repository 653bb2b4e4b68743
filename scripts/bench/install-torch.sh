#!/usr/bin/env bash
# For npm run bench only (npm test never needs it): Debian's PyTorch, the training benchmark's peer.
# Installs python3-torch when Debian's python3 cannot import torch; on failure the bench skips PyTorch.
set -uo pipefail
if /usr/bin/python3 -c 'import torch' >/dev/null 2>&1; then
  exit 0
fi
echo "[bench] installing python3-torch (Debian) for the training comparison"
sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
if ! DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q python3-torch >/dev/null; then
  echo "[bench] could not install python3-torch: the training benchmark will leave PyTorch out" >&2
fi
exit 0
