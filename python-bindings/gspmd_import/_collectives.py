"""Collectives of shard_map bodies as gspmd collectives.

Inside a shard_map body (sdy.manual_computation) jax writes psum, pmax,
all_gather, psum_scatter, all_to_all and ppermute as stablehlo collectives,
and axis_index as arithmetic on stablehlo.partition_id. Our collectives name
mesh axes, not devices (docs/dialect.md), so each group must be the devices
that agree on every axis but some listed ones, ordered by their coordinate
over those: the replica groups say which axes, either directly
(#stablehlo.replica_group_mesh_axes, jax's form with Shardy) or as device
lists, matched against every ordered choice of the body's manual axes.
ppermute becomes a collective_permute when its pairs are one shift along
such axes. This runs before stablehlo-legalize-to-linalg, which leaves
collectives alone; the gspmd ops are built unregistered in jaxlib's context
and parsed by ours once printed.
"""

import itertools
import re

from jaxlib.mlir import ir

__all__ = ["convert_all"]

# A combiner region's one op -> gspmd reduction kind (GspmdReduction).
_REDUCTIONS = {"stablehlo.add": 0, "stablehlo.maximum": 1,
               "stablehlo.minimum": 2, "stablehlo.multiply": 3}
# On i1, or is max and and is min.
_BOOL_REDUCTIONS = {"stablehlo.or": 1, "stablehlo.and": 2}

_COLLECTIVES = ("stablehlo.all_reduce", "stablehlo.all_gather",
                "stablehlo.reduce_scatter", "stablehlo.all_to_all",
                "stablehlo.collective_permute", "stablehlo.partition_id")


def convert_all(module, meshes, fail):
    """Rewrites every collective of module in place; meshes: the importer's
    Shardy mesh table (name -> _Mesh)."""
    ops = []
    module.operation.walk(lambda op: (ops.append(op) if op.name in _COLLECTIVES
                                      else None) or ir.WalkResult.ADVANCE)
    for op in ops:
        body = _enclosing_manual(op)
        if body is None:
            fail(op, "'%s' outside a shard_map body has no import" % op.name)
        _Converter(op, body, meshes, fail).run()


def _enclosing_manual(op):
    parent = op.parent
    while parent is not None and parent.name != "builtin.module":
        if parent.name == "sdy.manual_computation":
            return parent
        parent = parent.parent
    return None


class _Converter:
    def __init__(self, op, manual, meshes, fail):
        self.op, self.fail = op, fail
        text = str(manual.attributes["in_shardings"]) + str(manual.attributes["out_shardings"])
        found = re.search(r"<@(\w+)", text)
        if not found:
            fail(op, "a shard_map body without a mesh has no import")
        self.mesh_name = found.group(1)
        self.mesh = meshes.get(self.mesh_name)
        if self.mesh is None:
            fail(op, "collectives on a maximal mesh have no import")
        manual_text = str(manual.attributes["manual_axes"])
        if re.search(r'"\w+":\(', manual_text):
            fail(op, "collectives in a shard_map over sub-axes have no import")
        self.manual = [n for a in re.findall(r'"(\w+)"', manual_text)
                       for n in self.mesh.refs(a, None)]
        self.axes = self.mesh.gspmd_axes()  # [(name, size)], major to minor

    def run(self):
        name = self.op.name.split(".")[1]
        getattr(self, "_" + name)()

    # --- groups -------------------------------------------------------------

    def group_axes(self):
        """The gspmd axes the op's replica groups run over."""
        attr = self.op.attributes["replica_groups"]
        text = str(attr)
        if text.startswith("#stablehlo.replica_group_mesh_axes"):
            if "sub_axis" in text:
                self.fail(self.op, "replica groups over sub-axes have no import")
            return [n for a in re.findall(r'name = "(\w+)"', text)
                    for n in self.mesh.refs(a, None)]
        groups = [tuple(g) for g in _int_rows(attr)]
        for axes in self._ordered_subsets():
            if sorted(self._groups(axes)) == sorted(groups):
                return list(axes)
        self.fail(self.op, "replica groups %s are not the groups of any mesh axes "
                  "of the shard_map" % _short(groups))

    def _ordered_subsets(self):
        for k in range(1, len(self.manual) + 1):
            yield from itertools.permutations(self.manual, k)

    def _coords(self):
        """(device id, {axis: coordinate}) of every device."""
        sizes = [s for _, s in self.axes]
        ids = self.mesh.device_ids
        for pos, coord in enumerate(itertools.product(*[range(s) for s in sizes])):
            yield (ids[pos] if ids else pos), dict(zip([n for n, _ in self.axes], coord))

    def _linear(self, coord, axes):
        k = 0
        for a in axes:
            k = k * dict(self.axes)[a] + coord[a]
        return k

    def _groups(self, axes):
        """Device groups of `axes`: members by their coordinate over axes."""
        by_rest = {}
        for dev, coord in self._coords():
            rest = tuple(c for a, c in sorted(coord.items()) if a not in axes)
            by_rest.setdefault(rest, []).append((self._linear(coord, axes), dev))
        return [tuple(d for _, d in sorted(g)) for g in by_rest.values()]

    # --- ops ----------------------------------------------------------------

    def _reduction(self):
        block = self.op.regions[0].blocks[0]
        body = [o.operation for o in block.operations]
        a, b = block.arguments[0], block.arguments[1]
        if len(body) == 2 and set(body[0].operands) == {a, b} and \
                len(body[0].operands) == 2 and body[1].operands[0] == body[0].results[0]:
            kinds = dict(_REDUCTIONS)
            if ir.RankedTensorType(a.type).element_type == ir.IntegerType.get_signless(1):
                kinds.update(_BOOL_REDUCTIONS)
            if body[0].name in kinds:
                return kinds[body[0].name]
        self.fail(self.op, "'%s' with this reduction region has no import (add, "
                  "maximum, minimum, multiply; or / and on i1 do)" % self.op.name)

    def _create(self, name, operand, result_type, axes, **attrs):
        attributes = {"mesh": ir.FlatSymbolRefAttr.get(self.mesh_name),
                      "axes": ir.ArrayAttr.get([ir.StringAttr.get(a) for a in axes])}
        i64 = ir.IntegerType.get_signless(64)
        for key, value in attrs.items():
            if isinstance(value, bool):
                if value:
                    attributes[key] = ir.UnitAttr.get()
            elif key == "reduction":
                attributes[key] = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), value)
            else:
                attributes[key] = ir.IntegerAttr.get(i64, value)
        with ir.InsertionPoint(self.op), self.op.location:
            return ir.Operation.create("gspmd." + name, results=[result_type],
                                       operands=[operand], attributes=attributes).results[0]

    def _replace(self, values):
        for old, new in zip(self.op.results, values):
            old.replace_all_uses_with(new)
        self.op.erase()

    def _int(self, key):
        return ir.IntegerAttr(self.op.attributes[key]).value

    def _all_reduce(self):
        axes, kind = self.group_axes(), self._reduction()
        self._replace([self._create("all_reduce", v, r.type, axes, reduction=kind)
                       for v, r in zip(self.op.operands, self.op.results)])

    def _all_gather(self):
        axes, dim = self.group_axes(), self._int("all_gather_dim")
        self._replace([self._create("all_gather", v, r.type, axes, gather_dim=dim)
                       for v, r in zip(self.op.operands, self.op.results)])

    def _reduce_scatter(self):
        axes, kind = self.group_axes(), self._reduction()
        dim = self._int("scatter_dimension")
        self._replace([self._create("reduce_scatter", self.op.operands[0],
                                    self.op.results[0].type, axes, reduction=kind,
                                    scatter_dim=dim)])

    def _all_to_all(self):
        axes = self.group_axes()
        if len(self.op.operands) != 1:
            self.fail(self.op, "an all_to_all of several operands has no import")
        self._replace([self._create("all_to_all", self.op.operands[0],
                                    self.op.results[0].type, axes,
                                    split_dim=self._int("split_dimension"),
                                    concat_dim=self._int("concat_dimension"))])

    def _collective_permute(self):
        pairs = sorted(tuple(p) for p in _int_rows(self.op.attributes["source_target_pairs"]))
        for axes in self._ordered_subsets():
            n = 1
            for a in axes:
                n *= dict(self.axes)[a]
            for wrap in (True, False):
                for shift in list(range(1, n)) + list(range(-1, -n, -1)):
                    if sorted(self._shift_pairs(axes, n, shift, wrap)) == pairs:
                        self._replace([self._create(
                            "collective_permute", self.op.operands[0],
                            self.op.results[0].type, list(axes), shift=shift,
                            wrap=wrap)])
                        return
        self.fail(self.op, "collective_permute pairs %s are not one shift along mesh "
                  "axes of the shard_map" % _short(pairs))

    def _shift_pairs(self, axes, n, shift, wrap):
        at = {}
        coords = list(self._coords())
        for dev, coord in coords:
            rest = tuple(c for a, c in sorted(coord.items()) if a not in axes)
            at[(rest, self._linear(coord, axes))] = dev
        out = []
        for dev, coord in coords:
            rest = tuple(c for a, c in sorted(coord.items()) if a not in axes)
            k = self._linear(coord, axes) + shift
            if wrap:
                k %= n
            elif not 0 <= k < n:
                continue
            out.append((dev, at[(rest, k)]))
        return out

    def _partition_id(self):
        # jax's axis_index: arithmetic on the device id. The id is the linear
        # coordinate over every axis when the body is manual on all of them
        # and the mesh lists devices in order.
        names = [n for n, s in self.axes if s > 1]
        ids = self.mesh.device_ids
        if ids and list(ids) != list(range(len(ids))):
            self.fail(self.op, "partition_id (axis_index) on a mesh with its own device "
                      "order has no import")
        if any(n not in self.manual for n in names):
            self.fail(self.op, "partition_id (axis_index) in a shard_map that is not "
                      "manual on every mesh axis has no import")
        index = ir.IndexType.get()
        i32 = ir.IntegerType.get_signless(32)
        with ir.InsertionPoint(self.op), self.op.location:
            attrs = {"mesh": ir.FlatSymbolRefAttr.get(self.mesh_name),
                     "axes": ir.ArrayAttr.get([ir.StringAttr.get(a) for a in names])}
            idx = ir.Operation.create("gspmd.axis_index", results=[index],
                                      attributes=attrs).results[0]
            cast = ir.Operation.create("arith.index_cast", results=[i32],
                                       operands=[idx]).results[0]
            t = ir.RankedTensorType.get([], i32)
            tensor = ir.Operation.create("tensor.from_elements", results=[t],
                                         operands=[cast]).results[0]
            out = ir.Operation.create("stablehlo.bitcast_convert",
                                      results=[self.op.results[0].type],
                                      operands=[tensor]).results[0]
        self._replace([out])


def _int_rows(attr):
    """Rows of a 2-D dense integer attribute."""
    values = [int(v) for v in re.findall(r"-?\d+", str(attr).split(":")[0])]
    shape = ir.RankedTensorType(ir.DenseElementsAttr(attr).type).shape
    return [values[i * shape[1]:(i + 1) * shape[1]] for i in range(shape[0])]


def _short(rows):
    text = str([list(r) for r in rows])
    return text if len(text) < 80 else text[:77] + "..."
