#!/usr/bin/env python3
"""Writes a module in which one value has N users, for many-users.mlir.

@fan_out: an annotated argument feeds a value %y with N elementwise users;
every user (the last one included) must get the argument's sharding.

@fan_in: the same shape of program, but the only annotation is on the
function result, which is computed from the last user of %y: the sharding
must flow backward to %y and from there forward to all N users.

Usage: gen_many_users.py N > out.mlir
"""
import sys


def emit_users(n, lines):
    for i in range(n):
        lines.append(f"  %u{i} = arith.addf %y, %y : tensor<8x16xf32>")


def main():
    n = int(sys.argv[1])
    tiled = '#gspmd.tiled<@mesh, [["data"], ["model"]]>'
    lines = ['gspmd.mesh @mesh ["data"=2, "model"=4]', ""]

    lines.append(f"func.func @fan_out(%x: tensor<8x16xf32> "
                 f"{{gspmd.sharding = {tiled}}}) -> tensor<8x16xf32> {{")
    lines.append("  %y = math.exp %x : tensor<8x16xf32>")
    emit_users(n, lines)
    lines.append(f"  return %u{n - 1} : tensor<8x16xf32>")
    lines.append("}")
    lines.append("")

    lines.append(f"func.func @fan_in(%x: tensor<8x16xf32>) -> "
                 f"(tensor<8x16xf32> {{gspmd.sharding = {tiled}}}) {{")
    lines.append("  %y = math.exp %x : tensor<8x16xf32>")
    emit_users(n, lines)
    lines.append(f"  return %u{n - 1} : tensor<8x16xf32>")
    lines.append("}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
