# lit configuration for gspmd-mlir. Run on the build tree's test folder:
#   /usr/lib/llvm-22/bin/lit build/test
import os
import shutil
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "GSPMD"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".py", ".c"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py",
                   "sharding_test.c", "reshard_test.c", "runtime_test.c",
                   "contract_test.c", "generate.py",
                   "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gspmd_obj_root, "test")

bin_dir = os.path.join(config.gspmd_obj_root, "bin")
lib_dir = os.path.join(config.gspmd_obj_root, "lib")
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", bin_dir, append_path=True)
llvm_config.use_default_substitutions()

python = shutil.which("python3") or "python3"
config.substitutions.append(("%gspmd_lib", lib_dir))
config.substitutions.append(("%gspmd_plugin",
                             os.path.join(lib_dir, "libGSPMDPlugin.so")))
config.substitutions.append(("%mlir_opt",
                             os.path.join(config.llvm_tools_dir, "mlir-opt")))
config.substitutions.append(("%python", python))
# The source tree (bench/gen.py writes some of the check's test programs).
config.substitutions.append(("%gspmd_src", config.gspmd_src_root))
# The build tree (fuzz/driver.py and fuzz/run-libfuzzer.sh take it).
config.substitutions.append(("%gspmd_obj", config.gspmd_obj_root))
if os.path.exists(os.path.join(config.gspmd_obj_root, "bin", "gspmd-fuzz-hlo")):
    config.available_features.add("libfuzzer")
config.environment["GSPMD_LIBRARY"] = os.path.join(lib_dir, "libGSPMDCAPI.so")
config.environment["PYTHONPATH"] = os.path.join(config.gspmd_src_root,
                                                "python-bindings")

# Under the sanitizer build the runtime must come first for programs that are
# not themselves instrumented (python3, stock mlir-opt loading our plugin).
if config.sanitize:
    import subprocess
    clang = os.path.join(config.llvm_tools_dir, "clang")
    preload = subprocess.run(
        [clang, "-print-file-name=libclang_rt.asan-x86_64.so"],
        capture_output=True, text=True).stdout.strip()
    preload_prefix = "env LD_PRELOAD='%s' " % preload
    config.substitutions.append(("%preload", preload_prefix.strip()))
    # allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs by
    # hand when the code inlining it is built with ASan (our C++ glue), but
    # libMLIR.so, not instrumented, allocates from the same slabs without
    # unpoisoning them: reads of attributes it made are then reported as
    # use-after-poison although the memory is live. Manual poisoning is off;
    # every compiler-instrumented check (heap, stack, globals) stays on.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:allow_user_poisoning=0"
    config.available_features.add("sanitize")
else:
    preload_prefix = ""
    config.substitutions.append(("%preload", ""))

# MPI runs (runtime and e2e tests): the feature says whether they can run.
# mpich runs as root without flags; ranks may exceed the cores. The timeout
# turns a hang into a failure: 120 s, 360 s under the sanitizers (the
# 12-layer transformer of Check/correct-and-injected.test on 8 ranks took
# more than 120 s there on 2 loaded cores); GSPMD_TEST_TIMEOUT overrides.
if shutil.which("mpirun"):
    config.available_features.add("mpi")
mpi_timeout = os.environ.get("GSPMD_TEST_TIMEOUT", "360" if config.sanitize else "120")
config.substitutions.append(("%mpirun", "timeout %s mpirun" % mpi_timeout))
# The SPMD executor (e2e tests: `%mpirun -n N %gspmd-run FILE --check`).
config.substitutions.append(("%gspmd-run", os.path.join(bin_dir, "gspmd-run")))

# The TPU path (gspmd-xla-run, jaxlib's MLIR as the export's verifier): the
# project's venv (scripts/ensure-venv.sh) with jax importable.
venv_python = os.path.join(config.gspmd_src_root, ".venv", "bin", "python")
if os.path.exists(venv_python):
    import subprocess
    if subprocess.run([venv_python, "-c", "import jax"],
                      capture_output=True).returncode == 0:
        config.available_features.add("xla")
# Under the sanitizer build the venv's python loads our instrumented library
# through ctypes: the ASan runtime must be preloaded, as for python3.
config.substitutions.append(("%xla-python", preload_prefix + venv_python))
config.substitutions.append(("%gspmd-xla-run",
                             preload_prefix + os.path.join(bin_dir, "gspmd-xla-run")))
config.environment["GSPMD_RUN"] = os.path.join(bin_dir, "gspmd-run")
# The whole real-model corpus (test/Models) runs only when asked (make
# test-models, or GSPMD_MODELS=1): at 8 ranks on 2 cores it is longer than
# the rest; make test runs the programs whose REQUIRES lacks `models`.
if os.environ.get("GSPMD_MODELS"):
    config.available_features.add("models")
# Tests that compare a measured time with a prediction (test/Simulate/
# measured.mlir) run only when asked (GSPMD_TIMING=1, on the machine the
# host preset was probed on, idle): make test asserts no timing.
if os.environ.get("GSPMD_TIMING"):
    config.available_features.add("timing")
# The importer (jaxlib's MLIR through the same venv).
config.substitutions.append(("%gspmd-import",
                             preload_prefix + os.path.join(bin_dir, "gspmd-import")))
config.environment["TF_CPP_MIN_LOG_LEVEL"] = "2"

tools = ["gspmd-opt", "gspmd-capi-test", "gspmd-sharding-test",
         "gspmd-runtime-test"]
llvm_config.add_tool_substitutions(tools, [bin_dir])

# test/Install: the installed package used from outside. %install_env drops
# what points the tests above at the source and build trees.
config.substitutions.append(
    ("%install_env", "env -u GSPMD_LIBRARY -u PYTHONPATH -u GSPMD_RUN "
     "-u LD_LIBRARY_PATH -u PKG_CONFIG_PATH"))
if shutil.which("pkg-config"):
    config.available_features.add("pkg-config")
# The Python package is built into a wheel offline by the first Python with
# setuptools and a bdist_wheel (the wheel package, or setuptools >= 70.1),
# then installed into a plain venv of %python (lit's own interpreter, which
# needs ensurepip).
import subprocess
_wheel_probe = ("import setuptools.build_meta, pip\n"
                "try:\n    import wheel.bdist_wheel\n"
                "except ImportError:\n    import setuptools.command.bdist_wheel\n")
for _py in [sys.executable, python, "/usr/bin/python3", venv_python]:
    if os.path.exists(_py) and subprocess.run(
            [_py, "-c", _wheel_probe], capture_output=True).returncode == 0:
        config.available_features.add("python-wheel")
        config.substitutions.append(("%wheel_python", _py))
        break
if subprocess.run([sys.executable, "-c", "import ensurepip, venv"],
                  capture_output=True).returncode == 0:
    config.available_features.add("python-venv")
