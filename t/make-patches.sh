#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make-patches.sh OLD NEW OUTDIR: real multi-file patches for the get
# comparison tests, from two kernel trees (6.1 and 6.12):
#   dir-N.diff     diff -ruN of one directory between the two versions
#   fp-*.patch     git format-patch series: modifications, a rename, a
#                  new and a deleted file, a mode change, a binary file
#   gitdiff.diff   a plain git diff of several directories
set -eu
old=$1 new=$2
mkdir -p "$3"
out=$(cd "$3" && pwd)
dirs="drivers/net/ethernet/intel/e1000 drivers/gpu/drm/tiny fs/ext2 fs/fat
net/9p sound/pci/hda drivers/usb/serial drivers/i2c/busses arch/x86/kvm/svm
kernel/sched mm/damon drivers/input/keyboard drivers/hwmon/pmbus
drivers/iio/adc lib/crypto security/selinux/ss crypto drivers/spi
drivers/media/i2c fs/nfsd Documentation/process drivers/clk/qcom
drivers/pinctrl/intel block include/linux/mfd drivers/rtc drivers/watchdog
drivers/leds fs/btrfs net/bluetooth drivers/mmc/host arch/arm64/kvm
drivers/thermal drivers/power/supply net/sctp drivers/ufs/core fs/ceph
drivers/nvme/host drivers/regulator sound/soc/codecs/rt5640.c
drivers/firmware/efi tools/testing/selftests/net/forwarding
Documentation/devicetree/bindings/iio/adc kernel/bpf io_uring"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ln -s "$old" "$tmp/a"
ln -s "$new" "$tmp/b"
n=0
for d in $dirs; do
	n=$((n + 1))
	(cd "$tmp" && diff -ruN "a/$d" "b/$d" >"$out/dir-$n.diff" || true)
	[ -s "$out/dir-$n.diff" ] || rm -f "$out/dir-$n.diff"
done

# a git repository of a few real files, and a series with every kind of
# change git can describe
g=$tmp/repo
mkdir -p "$g"
git -C "$g" init -q -b main
git -C "$g" config user.name "Maint Test"
git -C "$g" config user.email "maint@example.org"
for f in drivers/net/ethernet/intel/e1000/e1000_main.c \
	 drivers/net/ethernet/intel/e1000/e1000_hw.c fs/ext2/inode.c \
	 fs/ext2/dir.c sound/pci/hda/hda_intel.c kernel/sched/core.c \
	 drivers/usb/serial/ftdi_sio.c scripts/checkpatch.pl \
	 Documentation/process/submitting-patches.rst; do
	mkdir -p "$g/$(dirname "$f")"
	cp "$old/$f" "$g/$f"
done
git -C "$g" add -A
git -C "$g" commit -qm base
for f in drivers/net/ethernet/intel/e1000/e1000_main.c fs/ext2/inode.c \
	 sound/pci/hda/hda_intel.c; do
	cp "$new/$f" "$g/$f"
done
git -C "$g" commit -qam "several: update to 6.12"
git -C "$g" mv fs/ext2/dir.c fs/ext2/directory.c
git -C "$g" commit -qm "ext2: rename dir.c"
mkdir -p "$g/drivers/gpu/drm/tiny"
cp "$new/drivers/gpu/drm/tiny/bochs.c" "$g/drivers/gpu/drm/tiny/bochs.c"
git -C "$g" add -A
git -C "$g" rm -q kernel/sched/core.c
git -C "$g" commit -qm "drm/tiny: add bochs, drop sched core"
chmod +x "$g/drivers/usb/serial/ftdi_sio.c"
git -C "$g" commit -qam "usb: serial: make ftdi_sio.c executable"
head -c 600 "$new/Documentation/images/logo.gif" >"$g/drivers/net/ethernet/intel/e1000/fw.bin"
git -C "$g" add -A
git -C "$g" commit -qm "e1000: add a firmware blob"
printf '\n+static int f(void) { return of_get_property(0, 0, 0) != 0; }\n' \
	>>"$g/drivers/usb/serial/ftdi_sio.c"
git -C "$g" commit -qam "usb: serial: keyword test"
git -C "$g" format-patch -q --binary -o "$out" --root HEAD~6..HEAD
for p in "$out"/00*.patch; do mv "$p" "$out/fp-$(basename "$p")"; done
git -C "$g" format-patch -q -M --stdout HEAD~6..HEAD >"$out/fp-series.mbox"
git -C "$g" diff HEAD~6 HEAD >"$out/gitdiff.diff"
git -C "$g" diff --binary HEAD~6 HEAD >"$out/gitdiff-binary.diff"
