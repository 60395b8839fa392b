#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian packages pickray builds and tests with, only those that are missing.
# Uses sudo when not root. Safe to run again.
set -euo pipefail

packages=(
  cmake g++ make pkg-config
  libglm-dev libgtest-dev libgmock-dev libbenchmark-dev nlohmann-json3-dev
  libsdl2-dev libimgui-dev libstb-dev libgif-dev python3-glad python3-jinja2
  libgl1-mesa-dri libegl-mesa0 libegl1 libgl1 xvfb xauth xdotool xclip
  libcli11-dev libembree-dev libbullet-dev libfcl-dev
  clang libclang-rt-14-dev clang-format git libgmp-dev
  dpkg-dev g++-aarch64-linux-gnu qemu-user googletest
  glmark2-data  # bench_mesh's bunny: /usr/share/glmark2/models/bunny.obj
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
