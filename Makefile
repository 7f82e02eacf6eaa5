# gspmd-mlir: the two README commands and helpers.
#   make run     build, then run the main job on examples/mlp.mlir
#   make test    build, then run every suite; ends with "N passed, N failed"
#   make test SANITIZE=1   the same with AddressSanitizer + UBSan (build-asan/)
#   make bench   build, then every benchmark against upstream shard (bench/RESULTS.md)
#   make fuzz SEED=S N=N [JOBS=1]   differential fuzzing (fuzz/driver.py):
#                N random programs, findings shrunk into fuzz-findings/
#   make fuzz-libfuzzer [SECONDS=60]   every libFuzzer target on its corpus
#   make models  regenerate the real-model corpus (test/Models) from
#                HuggingFace's Flax models (pinned in .venv-models)
#   make install PREFIX=P   build, then cmake --install into P (docs/install.md)
SHELL := /bin/bash
LLVM_DIR ?= /usr/lib/llvm-22
SANITIZE ?= 0
BUILD ?= $(if $(filter 1,$(SANITIZE)),build-asan,build)
PACKAGES := libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools \
            clang-22 libclang-rt-22-dev ninja-build cmake libmpich-dev \
            mpich clang-format libopenblas-dev libdnnl-dev \
            coinor-libcbc-dev
LIT := $(LLVM_DIR)/bin/lit

SEED ?= 1
N ?= 1000
JOBS ?= 1
SECONDS ?= 60
PREFIX ?= /usr/local

.PHONY: all deps venv configure build run test install bench fuzz fuzz-libfuzzer format clean

all: build

deps:
	@./scripts/ensure-deps.sh $(PACKAGES)

$(BUILD)/build.ninja: | deps
	cmake -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_COMPILER=$(LLVM_DIR)/bin/clang \
	  -DCMAKE_CXX_COMPILER=$(LLVM_DIR)/bin/clang++ \
	  -DMLIR_DIR=$(LLVM_DIR)/lib/cmake/mlir \
	  -DLLVM_DIR=$(LLVM_DIR)/lib/cmake/llvm \
	  -DLLVM_EXTERNAL_LIT=$(LIT) \
	  -DGSPMD_SANITIZE=$(if $(filter 1,$(SANITIZE)),ON,OFF)

configure: $(BUILD)/build.ninja

# The project's Python environment for the TPU path (jax/jaxlib pinned in
# python-bindings/requirements.txt; needs a Python >= 3.12). `make build`
# warns when it cannot be made; `make test` requires it.
venv:
	@./scripts/ensure-venv.sh

build: deps configure
	@./scripts/ensure-venv.sh || echo "warning: no Python environment for gspmd-xla-run (see above)" >&2
	cmake --build $(BUILD)

run: build
	./scripts/run-example.sh $(BUILD)

test: build venv
	./scripts/run-tests.sh $(BUILD)

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)
	@echo "Python package: pip install $(PREFIX)/share/gspmd/python (extras [xla], [import])"

bench: build
	./bench/run-all.sh $(BUILD)

fuzz: build
	python3 fuzz/driver.py --seed $(SEED) --n $(N) --jobs $(JOBS) --build $(BUILD) \
	  --findings fuzz-findings --summary fuzz-findings/summary-$(SEED).json --quiet

fuzz-libfuzzer: build
	./fuzz/run-libfuzzer.sh $(BUILD) $(SECONDS)

# The whole real-model corpus (test/Models; make test runs 11 of its 33 programs).
test-models: build venv
	GSPMD_MODELS=1 $(LIT) -v $(BUILD)/test --filter Models

models: build
	./scripts/ensure-venv.sh .venv-models python-bindings/requirements-models.txt
	.venv-models/bin/python test/Models/generate.py

format:
	clang-format -i $$(git ls-files '*.c' '*.h' '*.cpp')

clean:
	rm -rf build build-asan
