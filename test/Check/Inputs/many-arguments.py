"""Prints a program of A arguments and R results (R < A):
tensor<8x4xf32> each, split over rows on a 2-device mesh,
result i = argument i + argument i+1 * argument i+2.
    many-arguments.py A R"""
import sys

args, results = int(sys.argv[1]), int(sys.argv[2])
assert results + 2 <= args
t = "tensor<8x4xf32>"
split = "{gspmd.sharding = #gspmd.tiled<@mesh, [[\"d\"], []]>}"
print('gspmd.mesh @mesh ["d"=2]')
params = ",\n    ".join(f"%a{i}: {t} {split}" for i in range(args))
rets = ", ".join(f"{t} {split}" for _ in range(results))
print(f"func.func @main({params})\n    -> ({rets}) {{")
for i in range(results):
    print(f"  %m{i} = arith.mulf %a{i + 1}, %a{i + 2} : {t}")
    print(f"  %r{i} = arith.addf %a{i}, %m{i} : {t}")
print("  return " + ", ".join(f"%r{i}" for i in range(results)) + " : "
      + ", ".join(t for _ in range(results)))
print("}")
