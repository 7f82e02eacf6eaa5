"""The import proper: StableHLO module in, gspmd module text out.

Works inside jaxlib's MLIR context with unregistered dialects allowed, so
gspmd ops and `#gspmd...` attributes can be built there as unregistered ops
and opaque attributes; the generic text they print is what our MLIR parses.
"""

import re
import sys

from jax._src.interpreters import mlir as _jax_mlir
from jaxlib.mlir import ir, passmanager
from jaxlib.mlir._mlir_libs import _stablehlo
from jaxlib.mlir.dialects import sdy, stablehlo

from . import _collectives, _scatter, _while

__all__ = ["ImportFailure", "import_module"]

_stablehlo.register_stablehlo_passes()

LOWERING = ("builtin.module(func.func(chlo-legalize-to-stablehlo),"
            "stablehlo-legalize-to-linalg,canonicalize,cse)")

# Discardable attributes jax writes that mean nothing here (layouts, memory
# kinds, result names); they are dropped so the output reads cleanly.
_DROPPED_ARG_ATTRS = ("mhlo.layout_mode", "mhlo.memory_kind",
                      "mhlo.frontend_attributes", "jax.buffer_donor",
                      "jax.result_info", "mhlo.sharding", "sdy.sharding")

# A donated argument's output (jax.jit(donate_argnums=...)): the result that
# replaces the argument, which gspmd-auto-shard gives the argument's sharding.
_RENAMED_ARG_ATTRS = {"tf.aliasing_output": "gspmd.aliasing_output"}


class ImportFailure(Exception):
    """The module cannot be imported; str() says what and where."""


def _fail(op, what):
    raise ImportFailure("%s: %s" % (_where(op), what))


def _remark(op, what):
    """A remark on stderr at op's location, as MLIR prints one."""
    print("%s: remark: %s" % (_where(op), what), file=sys.stderr)


def _where(op):
    m = re.match(r'loc\((.*)\)$', str(op.location))
    where = m.group(1) if m else "unknown"
    if where == "unknown":
        return _source_name[0]
    where = where.replace('"', "")
    # Text parsed from memory is named "-"; say which input it was.
    return _source_name[0] + where[1:] if where.startswith("-:") else where


_source_name = ["<input>"]


def _str(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"')


class _Mesh:
    """A Shardy mesh and how its (sub-)axes become gspmd axes."""

    def __init__(self, name, axes, device_ids):
        self.name = name
        self.axes = axes  # [(name, size)]
        self.device_ids = device_ids
        self.cuts = {a: {1, s} for a, s in axes}  # pre-sizes that split axis a

    def size(self, axis):
        for a, s in self.axes:
            if a == axis:
                return s
        return None

    def add_sub_axis(self, axis, pre, size):
        self.cuts[axis].update((pre, pre * size))

    def pieces(self, axis):
        """[(gspmd name, size, pre)] of axis, major to minor."""
        cuts = sorted(self.cuts[axis])
        if len(cuts) == 2:
            return [(axis, self.size(axis), 1)]
        # Cut points are pre-sizes counted from the minor end: the piece at
        # pre-size p holds the part whose minor neighbours multiply to p.
        out = []
        for i in range(len(cuts) - 1, 0, -1):
            pre, end = cuts[i - 1], cuts[i]
            out.append(("%s_%d" % (axis, pre), end // pre, pre))
        return out

    def gspmd_axes(self):
        return [(n, s) for a, _ in self.axes for n, s, _ in self.pieces(a)]

    def refs(self, axis, sub):
        """gspmd axis names covering `axis` or its sub-axis (pre, size)."""
        if self.size(axis) is None:
            raise KeyError(axis)
        if sub is None:
            return [n for n, _, _ in self.pieces(axis)]
        pre, size = sub
        return [n for n, s, p in self.pieces(axis) if p >= pre and p * s <= pre * size]


class _Importer:
    def __init__(self, module):
        self.module = module
        self.meshes = {}
        self.hlo_mesh = None  # gspmd.Mesh made from mhlo.sharding strings
        self.hlo_meshes = []

    # --- meshes -----------------------------------------------------------

    def collect_meshes(self):
        for op in list(self.module.body.operations):
            if op.operation.name != "sdy.mesh":
                continue
            op = op.operation
            name = ir.StringAttr(op.attributes["sym_name"]).value
            mesh = sdy.MeshAttr(op.attributes["mesh"])
            axes = [(a.name, a.size) for a in map(sdy.MeshAxisAttr, mesh.axes)]
            ids = list(mesh.device_ids)
            if not axes and ids:
                self.meshes[name] = None  # maximal: one device
                continue
            self.meshes[name] = _Mesh(name, axes, ids)
        # Sub-axes ("x":(2)2) anywhere in the module refine their axis.
        text = self.module.operation.get_asm(print_generic_op_form=True)
        for axis, pre, size in re.findall(r'"(\w+)":\((\d+)\)(\d+)', text):
            for mesh in self.meshes.values():
                if mesh and mesh.size(axis):
                    mesh.add_sub_axis(axis, int(pre), int(size))

    def emit_meshes(self):
        for op in list(self.module.body.operations):
            op = op.operation
            if op.name != "sdy.mesh":
                continue
            name = ir.StringAttr(op.attributes["sym_name"]).value
            mesh = self.meshes[name]
            if mesh is not None:
                self._mesh_op(name, mesh.gspmd_axes(), mesh.device_ids, op)
            op.erase()

    def _mesh_op(self, name, axes, device_ids, before):
        attrs = {"sym_name": ir.StringAttr.get(name),
                 "axis_names": ir.ArrayAttr.get([ir.StringAttr.get(a) for a, _ in axes]),
                 "axis_sizes": ir.DenseI64ArrayAttr.get([s for _, s in axes])}
        n = 1
        for _, s in axes:
            n *= s
        if device_ids and list(device_ids) != list(range(n)):
            attrs["devices"] = ir.DenseI64ArrayAttr.get(list(device_ids))
        with ir.InsertionPoint(before) if before is not None else \
                ir.InsertionPoint.at_block_begin(self.module.body):
            ir.Operation.create("gspmd.mesh", attributes=attrs)

    # --- shardings ----------------------------------------------------------

    def sharding_text(self, attr, rank, owner):
        """gspmd text of a Shardy sharding, or None (fully open: no
        annotation); second value: whether any dim is open."""
        t = sdy.TensorShardingAttr(attr)
        ref = t.mesh_or_ref
        try:
            mesh_name = ir.FlatSymbolRefAttr(ref).value
        except (ValueError, TypeError):
            _fail(owner, "inline meshes in shardings are not imported: %s" % attr)
        if mesh_name not in self.meshes:
            _fail(owner, "sharding names an unknown mesh @%s" % mesh_name)
        mesh = self.meshes[mesh_name]
        if mesh is None:
            _fail(owner, "a maximal sharding (the whole tensor on one device, mesh "
                  "@%s) has no gspmd form" % mesh_name)
        if len(list(t.unreduced_axes)):
            _fail(owner, "unreduced axes (%s) are not imported" % attr)
        dims = [sdy.DimensionShardingAttr(d) for d in t.dimension_shardings]
        if len(dims) != rank:
            _fail(owner, "sharding %s has %d dims for a rank-%d tensor" % (attr, len(dims), rank))
        out, open_dims, used = [], False, set()
        for d in dims:
            axes = []
            for ref in map(sdy.AxisRefAttr, d.axes):
                info = ref.sub_axis_info
                info = sdy.SubAxisInfoAttr(info) if info is not None else None
                sub = (info.pre_size, info.size) if info is not None else None
                try:
                    names = mesh.refs(ref.name, sub)
                except KeyError:
                    _fail(owner, "sharding names axis \"%s\" not in mesh @%s" % (ref.name, mesh_name))
                axes += names
            used.update(axes)
            out.append(axes)
            if not d.is_closed:
                open_dims = True
        if open_dims and not used:
            return None, True
        sizes = dict(mesh.gspmd_axes())
        free = [a for a, s in sizes.items() if s > 1 and a not in used]
        dims_text = "[" + ", ".join("[" + ", ".join(_str(a) for a in axes) + "]"
                                    for axes in out) + "]"
        if not used:
            return "#gspmd.replicated", open_dims
        kind = "partially_tiled" if free else "tiled"
        return "#gspmd.%s<@%s, %s>" % (kind, mesh_name, dims_text), open_dims

    def hlo_sharding_text(self, hlo, rank, owner):
        import gspmd
        try:
            sh = gspmd.Sharding.from_hlo(hlo, rank, mesh=self.hlo_mesh,
                                         new_mesh_name="mesh_%d" % len(self.hlo_meshes)
                                         if self.hlo_meshes else "mesh")
        except gspmd.GSPMDError as err:
            _fail(owner, "mhlo.sharding \"%s\": %s" % (hlo, "; ".join(err.diagnostics) or err))
        if sh.mesh is not None and sh.mesh is not self.hlo_mesh and \
                all(sh.mesh.name != m.name for m in self.hlo_meshes):
            self.hlo_meshes.append(sh.mesh)
            if self.hlo_mesh is None:
                self.hlo_mesh = sh.mesh
        return str(sh)

    # --- functions ------------------------------------------------------------

    def convert_function(self, func):
        ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
        for key, types in (("arg_attrs", ftype.inputs), ("res_attrs", ftype.results)):
            if key not in func.attributes:
                continue
            new = []
            for i, dict_attr in enumerate(ir.ArrayAttr(func.attributes[key])):
                new.append(self._convert_arg_attrs(ir.DictAttr(dict_attr), types[i], func))
            func.attributes[key] = ir.ArrayAttr.get(new)

    def _convert_arg_attrs(self, attrs, type_, func):
        kept = {}
        sharding = None
        for i in range(len(attrs)):
            named = attrs[i]
            name, value = named.name, named.attr
            if name == "sdy.sharding":
                rank = ir.RankedTensorType(type_).rank
                sharding, _ = self.sharding_text(value, rank, func)
            elif name == "mhlo.sharding":
                if not any(n.attr for n in [attrs[j] for j in range(len(attrs))]
                           if n.name == "sdy.sharding"):
                    rank = ir.RankedTensorType(type_).rank
                    sharding = self.hlo_sharding_text(ir.StringAttr(value).value, rank, func)
            elif name in _RENAMED_ARG_ATTRS:
                kept[_RENAMED_ARG_ATTRS[name]] = value
            elif name not in _DROPPED_ARG_ATTRS:
                kept[name] = value
        if sharding is not None:
            kept["gspmd.sharding"] = ir.Attribute.parse(sharding)
        return ir.DictAttr.get(kept)

    # --- ops ------------------------------------------------------------------

    def convert_ops(self):
        ops, manual = [], []
        self.module.operation.walk(lambda op: ops.append(op) or ir.WalkResult.ADVANCE)
        for op in ops:
            name = op.name
            if name == "func.func":
                self.convert_function(op)
            elif name in ("sdy.sharding_constraint", "sdy.reshard"):
                self._constraint(op, op.attributes["sharding"],
                                 open_ok=(name == "sdy.sharding_constraint"))
            elif name == "stablehlo.custom_call":
                self._custom_call(op)
            elif name == "sdy.propagation_barrier":
                op.results[0].replace_all_uses_with(op.operands[0])
                op.erase()
            elif name == "sdy.sharding_group":
                op.erase()
            elif name == "sdy.manual_computation":
                manual.append(op)
        # Manual computations after their bodies' ops: the body moves.
        for op in manual:
            self._manual(op)

    def _constraint(self, op, attr, open_ok):
        rank = ir.RankedTensorType(op.operands[0].type).rank
        text, open_dims = self.sharding_text(attr, rank, op)
        if text is None:  # fully open: no constraint at all
            op.results[0].replace_all_uses_with(op.operands[0])
            op.erase()
            return
        self._make_constraint(op, text, open_dims and open_ok)

    def _make_constraint(self, op, text, open_):
        attrs = {"sharding": ir.Attribute.parse(text)}
        if open_:
            attrs["open"] = ir.UnitAttr.get()
        with ir.InsertionPoint(op), op.location:
            new = ir.Operation.create("gspmd.sharding_constraint",
                                      results=[op.results[0].type],
                                      operands=[op.operands[0]], attributes=attrs)
        op.results[0].replace_all_uses_with(new.results[0])
        op.erase()

    def _custom_call(self, op):
        target = ir.StringAttr(op.attributes["call_target_name"]).value
        if target == "Sharding" and len(op.operands) == 1:
            hlo = ir.StringAttr(op.attributes["mhlo.sharding"]).value
            rank = ir.RankedTensorType(op.operands[0].type).rank
            self._make_constraint(op, self.hlo_sharding_text(hlo, rank, op), False)
        elif target in ("SPMDFullToShardShape", "SPMDShardToFullShape"):
            _fail(op, "shard_map in the HLO-string form (custom_call @%s) is not "
                  "imported; lower with Shardy (jax's default) instead" % target)
        else:
            _fail(op, "custom_call @%s has no import" % target)

    def _manual(self, op):
        mesh_name = None
        in_sh = sdy.TensorShardingPerValueAttr(op.attributes["in_shardings"]).shardings
        out_sh = sdy.TensorShardingPerValueAttr(op.attributes["out_shardings"]).shardings
        texts = []
        for values, shardings in ((op.operands, in_sh), (op.results, out_sh)):
            row = []
            for v, s in zip(values, shardings):
                t = sdy.TensorShardingAttr(s)
                mesh_name = ir.FlatSymbolRefAttr(t.mesh_or_ref).value
                text, _ = self.sharding_text(s, ir.RankedTensorType(v.type).rank, op)
                if text is None:
                    text = "#gspmd.replicated"
                row.append(ir.Attribute.parse(text))
            texts.append(row)
        manual = re.findall(r'"(\w+)"(?::\((\d+)\)(\d+))?',
                            str(op.attributes["manual_axes"]))
        if mesh_name is None:
            _fail(op, "a manual_computation without operands or results is not imported")
        mesh = self.meshes[mesh_name]
        axes = []
        for a, pre, size in manual:
            axes += mesh.refs(a, (int(pre), int(size)) if pre else None)
        attrs = {"mesh": ir.FlatSymbolRefAttr.get(mesh_name),
                 "manual_axes": ir.ArrayAttr.get([ir.StringAttr.get(a) for a in axes]),
                 "in_shardings": ir.ArrayAttr.get(texts[0]),
                 "out_shardings": ir.ArrayAttr.get(texts[1])}
        with ir.InsertionPoint(op), op.location:
            new = ir.Operation.create("gspmd.manual_computation",
                                      results=[r.type for r in op.results],
                                      operands=list(op.operands), attributes=attrs,
                                      regions=1)
        old_block = op.regions[0].blocks[0]
        block = new.regions[0].blocks.append(*[a.type for a in old_block.arguments])
        for old, arg in zip(old_block.arguments, block.arguments):
            old.replace_all_uses_with(arg)
        for inner in list(old_block.operations):
            inner = inner.operation
            if inner.name == "sdy.return":
                with ir.InsertionPoint(block), inner.location:
                    ir.Operation.create("gspmd.manual_yield", operands=list(inner.operands))
                inner.erase()
            else:
                inner.detach_from_parent()
                block.append(inner)
        for r_old, r_new in zip(op.results, new.results):
            r_old.replace_all_uses_with(r_new)
        op.erase()

    # --- what is left -----------------------------------------------------------

    def check_leftovers(self):
        bad = []

        def visit(op):
            dialect = op.name.split(".")[0]
            if dialect in ("stablehlo", "chlo", "sdy", "mhlo", "vhlo"):
                bad.append(op)
            return ir.WalkResult.ADVANCE

        self.module.operation.walk(visit)
        # Name the outermost op: a sort, not the return inside its comparator.
        outer = [op for op in bad if not _inside_any(op, bad)]
        bad = outer + [op for op in bad if op not in outer]
        if bad:
            names = sorted({op.name for op in bad})
            raise ImportFailure("\n".join(
                "%s: '%s' has no import (stablehlo-legalize-to-linalg leaves it); "
                "not imported: %s" % (_where(op), op.name, ", ".join(names))
                for op in bad[:1]))

    def module_attrs(self):
        attrs = self.module.operation.attributes
        for key in ("mhlo.frontend_attributes", "mhlo.use_shardy",
                    "jax.uses_shape_polymorphism", "mhlo.xla_entry_computation_parameter_layouts",
                    "mhlo.xla_entry_computation_parameter_tiles"):
            if key in attrs:
                del attrs[key]

    def emit_hlo_meshes(self):
        for mesh in reversed(self.hlo_meshes):
            self._mesh_op(mesh.name, mesh.axes, mesh.devices if mesh.has_explicit_devices else None,
                          None)


def _inside_any(op, ops):
    parent = op.parent
    while parent is not None:
        if any(parent == o for o in ops):
            return True
        parent = parent.parent
    return False


def _parse(source, ctx):
    if isinstance(source, (bytes, bytearray)):
        try:
            return ir.Module.parse(bytes(source))
        except Exception:
            # A portable artifact (jax.export): VHLO bytecode.
            return stablehlo.deserialize_portable_artifact(ctx, bytes(source))
    return ir.Module.parse(source)


def import_module(source, *, debug_info=False, name="<input>"):
    """Imports StableHLO text or bytecode; returns gspmd module text.

    Raises ImportFailure with a message naming the op and location when
    something cannot be imported, and gspmd.GSPMDError when our MLIR rejects
    the result (a bug here)."""
    _source_name[0] = name
    ctx = _jax_mlir.make_ir_context()
    ctx.allow_unregistered_dialects = True
    with ctx, ir.Location.unknown():
        try:
            module = _parse(source, ctx)
        except Exception as err:  # MLIRError: diagnostics in str()
            raise ImportFailure("cannot parse the StableHLO input: %s" % err) from None
        imp = _Importer(module)
        imp.collect_meshes()
        _scatter.lower_all(module, _fail, _remark)
        _collectives.convert_all(module, imp.meshes, _fail)
        _while.convert_all(module, _fail)
        pm = passmanager.PassManager.parse(LOWERING)
        try:
            pm.run(module.operation)
        except Exception as err:
            raise ImportFailure("stablehlo-legalize-to-linalg failed: %s" % err) from None
        _scatter.lower_generic_all(module, _fail)
        imp.convert_ops()
        imp.emit_meshes()
        imp.emit_hlo_meshes()
        imp.module_attrs()
        imp.check_leftovers()
        text = module.operation.get_asm(print_generic_op_form=True,
                                        enable_debug_info=debug_info)
    import gspmd
    return gspmd.compile(text)
