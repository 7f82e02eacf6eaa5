"""stablehlo.scatter as a linalg.generic, or as a loop over its update windows.

stablehlo-legalize-to-linalg leaves scatter alone (its result is indexed by
data, which no indexing map says). A scatter whose combiner reduces (add,
multiply, maximum, minimum, and, or) and whose windows are whole dims or
single elements (an embedding's gradient: rows of the table) becomes one
linalg.generic over the operand's dims (parallel) and the update scatter
dims (reductions): every operand element combines, over all updates, the
update where the update's index vector points at it and the combiner's
identity elsewhere. Its factors are the partitioner's like any reduction's:
updates split on their scatter dims give partial operands (summed by one
all_reduce or reduce_scatter), the operand split on its rows is scattered
locally (each device matches its own rows), window dims pass through. It
costs operand x updates steps instead of updates: cheap at the corpus's
sizes, not at a real vocabulary (docs/import.md).

A scatter that replaces with unique indices (`unique_indices = true`: at
most one update points at each element) becomes two such reductions and a
select: the sum of the updates pointing at an element (exact: one term,
the others the identity -0.0) and how many do (an i32 sum), then the sum
where one does and the operand's element where none does. Both reductions
have combiners, so they partition like the others.

Other scatters (replace without unique indices, windows that slide) become
a call of a private
function: a loop nest over the update scatter dims that reads the index
vector, skips a window that does not fit the operand (XLA's semantics for
out-of-bounds scatter indices), and otherwise combines the update window
into the operand window with the scatter's combiner; its three operands are
constrained replicated, and so is its result (one gather before the loop,
not one per iteration, where the caller split them), with a remark saying
so. Combiners: replace (return the update), add, multiply, maximum, minimum,
and, or. Batching dims (input_batching_dims) index the operand by the
update's own position.
"""

import re

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

__all__ = ["lower_all"]

# Combiners whose order of operands does not matter.
_COMBINERS = ("stablehlo.add", "stablehlo.multiply", "stablehlo.maximum",
              "stablehlo.minimum", "stablehlo.and", "stablehlo.or")


# The generic form of a scatter, kept on it as text until linalg is loaded.
_GENERIC = "gspmd_import.as_generic"


def lower_all(module, fail, remark=None):
    """Before stablehlo-legalize-to-linalg (which legalizes the combiner
    regions too): the scatters that cannot be one linalg.generic become
    loops (their bodies StableHLO, legalized with the rest), each with a
    remark(op, text) when given; the others keep their generic form's text
    for lower_generic_all."""
    n = 0
    for op in _scatters(module):
        text = _as_generic(op, fail)
        if text is not None:
            op.attributes[_GENERIC] = ir.StringAttr.get(text)
            continue
        if remark:
            why = ("replaces at indices not known unique" if _combiner(op, fail) is None
                   else "has windows that slide or indices it cannot match")
            remark(op, "this scatter %s: it runs replicated, as a loop over its update "
                   "windows (its operands gathered once)" % why)
        _lower(module, op, "gspmd_import_scatter_%d" % n, fail)
        n += 1


def lower_generic_all(module, fail):
    """After stablehlo-legalize-to-linalg (which loads linalg into jaxlib's
    context, where it is not registered before): the other scatters become
    one linalg.generic each."""
    for op in _scatters(module):
        if _GENERIC in op.attributes:
            _lower_generic(op, ir.StringAttr(op.attributes[_GENERIC]).value)


def _scatters(module):
    ops = []
    module.operation.walk(lambda op: (ops.append(op) if op.name == "stablehlo.scatter"
                                      else None) or ir.WalkResult.ADVANCE)
    return ops


def _combiner(op, fail):
    """The stablehlo op combining (operand, update) windows; None: replace."""
    block = op.regions[0].blocks[0]
    a, b = block.arguments[0], block.arguments[1]
    body = [o.operation for o in block.operations]
    ret = body[-1]
    if len(body) == 1 and ret.operands[0] == b:
        return None
    if len(body) == 2:
        inner = body[0]
        args = list(inner.operands)
        if inner.name in _COMBINERS and len(args) == 2 and \
                ((args[0] == a and args[1] == b) or (args[0] == b and args[1] == a)) and \
                ret.operands[0] == inner.results[0]:
            return inner.name
    fail(op, "scatter with this combiner region has no import (replace, add, "
         "multiply, maximum, minimum, and, or do)")


def _lower(module, op, name, fail):
    if len(op.operands) != 3:
        fail(op, "a scatter of several operands has no import")
    operand, indices, updates = op.operands
    ot, it, ut = (ir.RankedTensorType(v.type) for v in (operand, indices, updates))
    dn = stablehlo.ScatterDimensionNumbers(op.attributes["scatter_dimension_numbers"])
    for t in (ot, it, ut):
        if not t.has_static_shape:
            fail(op, "a scatter of dynamic shapes has no import")
    comb = _combiner(op, fail)
    text = _function(name, ot, it, ut, list(dn.update_window_dims),
                     list(dn.inserted_window_dims),
                     list(dn.scattered_dims_to_operand_dims), dn.index_vector_dim, comb,
                     list(dn.input_batching_dims), list(dn.scatter_indices_batching_dims))
    helper = ir.Module.parse(text)
    func = helper.body.operations[0].operation
    func.detach_from_parent()
    module.body.append(func)
    with ir.InsertionPoint(op), op.location:
        call = ir.Operation.create(
            "func.call", results=[op.results[0].type], operands=[operand, indices, updates],
            attributes={"callee": ir.FlatSymbolRefAttr.get(name)})
    op.results[0].replace_all_uses_with(call.results[0])
    op.erase()


# Per combiner: the arith op on floats and on integers, and the identity
# (float, integer) that an update not pointing at an element contributes.
_ARITH = {
    "stablehlo.add": ("arith.addf", "arith.addi", "0.0", "0"),
    "stablehlo.multiply": ("arith.mulf", "arith.muli", "1.0", "1"),
    "stablehlo.maximum": ("arith.maximumf", "arith.maxsi", "-inf", "min"),
    "stablehlo.minimum": ("arith.minimumf", "arith.minsi", "+inf", "max"),
    "stablehlo.and": (None, "arith.andi", None, "-1"),
    "stablehlo.or": (None, "arith.ori", None, "0"),
}


def _int_width(elem):
    """The width of integer type `elem`; None for other types."""
    m = re.match(r"^[su]?i(\d+)$", str(elem))
    return int(m.group(1)) if m else None


def _identity(comb, elem):
    """The identity of combiner `comb` on `elem` as arith.constant text, or
    None (and/or on floats)."""
    is_float = _int_width(elem) is None
    value = _ARITH[comb][2 if is_float else 3]
    if value in (None, "0.0", "1.0", "0", "1", "-1"):
        return value
    if is_float:  # -inf for maximum, +inf for minimum, as hex bits
        name = str(elem)
        neg = value == "-inf"
        bits = {"f16": ("0xFC00", "0x7C00"), "bf16": ("0xFF80", "0x7F80"),
                "f32": ("0xFF800000", "0x7F800000"),
                "f64": ("0xFFF0000000000000", "0x7FF0000000000000")}.get(name)
        return None if bits is None else bits[0 if neg else 1]
    width = _int_width(elem)
    if width == 1:  # i1 max is or, min is and
        return "false" if value == "min" else "true"
    return str(-(1 << (width - 1))) if value == "min" else str((1 << (width - 1)) - 1)


def _as_generic(op, fail):
    """The text of scatter `op` as one linalg.generic inside a helper
    function (see the module's doc), or None when it cannot be one."""
    if len(op.operands) != 3:
        return None
    operand, indices, updates = op.operands
    ot, it, ut = (ir.RankedTensorType(v.type) for v in (operand, indices, updates))
    if not all(t.has_static_shape for t in (ot, it, ut)):
        return None
    comb = _combiner(op, fail)
    if comb is None:
        if not _unique_indices(op):
            return None
        comb = "replace"
    dn = stablehlo.ScatterDimensionNumbers(op.attributes["scatter_dimension_numbers"])
    return _generic_text(ot, it, ut, comb, list(dn.update_window_dims),
                         list(dn.inserted_window_dims),
                         list(dn.scattered_dims_to_operand_dims), dn.index_vector_dim,
                         list(dn.input_batching_dims),
                         list(dn.scatter_indices_batching_dims))


def _unique_indices(op):
    """Whether scatter `op` promises unique indices."""
    if "unique_indices" not in op.attributes:
        return False
    return ir.BoolAttr(op.attributes["unique_indices"]).value


def _lower_generic(op, text):
    """Replaces scatter `op` by the ops of `text`'s helper function (its
    arguments: operand, indices, updates)."""
    helper = ir.Module.parse(text)
    func = helper.body.operations[0]
    block = func.regions[0].blocks[0]
    for arg, value in zip(block.arguments, op.operands):
        arg.replace_all_uses_with(value)
    body = [o.operation for o in block.operations]
    for o in body[:-1]:
        o.move_before(op)
        o.location = op.location
    op.results[0].replace_all_uses_with(body[-1].operands[0])
    op.erase()


def _generic_text(ot, it, ut, comb, uwd, iwd, s2o, ivd, ibd, sibd):
    """The scatter as a linalg.generic (in generic op form) inside a helper
    function, or None."""
    elem = ot.element_type
    oshape, ishape, ushape = list(ot.shape), list(it.shape), list(ut.shape)
    replace = comb == "replace"
    if replace:  # the sum of the one update pointing at an element
        comb = "stablehlo.add"
    identity = _identity(comb, elem)
    if replace and _int_width(elem) is None:
        identity = "-0.0"  # -0.0 + x is x, -0.0 included
    if identity is None or ivd > len(ishape):
        return None
    usd = [d for d in range(len(ushape)) if d not in uwd]
    owd = [d for d in range(len(oshape)) if d not in iwd and d not in ibd]
    if len(owd) != len(uwd) or any(ushape[u] != oshape[o] for u, o in zip(uwd, owd)):
        return None  # a window smaller than its dim slides: the loop form
    rank = len(oshape)
    # The loop of each update scatter dim: an operand batching dim's, or a
    # reduction loop of its own.
    scatter_loop = {}
    for od, idim in zip(ibd, sibd):
        scatter_loop[usd[idim - (1 if ivd < idim else 0)]] = od
    reductions = [d for d in usd if d not in scatter_loop]
    for r, d in enumerate(reductions):
        scatter_loop[d] = rank + r
    loops = rank + len(reductions)
    dims = ["d%d" % i for i in range(loops)]

    def amap(results):
        return "affine_map<(%s) -> (%s)>" % (", ".join(dims), ", ".join(results))

    components = len(s2o) if ivd < len(ishape) else 1
    if ivd == len(ishape) and len(s2o) != 1:
        return None
    maps = []
    for k in range(components):
        res = []
        for q in range(len(ishape)):
            if q == ivd:
                res.append(str(k))
            else:
                res.append(dims[scatter_loop[usd[q - (1 if ivd < q else 0)]]])
        maps.append(amap(res))
    umap = []
    for u in range(len(ushape)):
        umap.append(dims[scatter_loop[u]] if u in scatter_loop
                    else dims[owd[uwd.index(u)]])
    maps.append(amap(umap))
    maps.append(amap(dims[:rank]))
    iters = ["#linalg.iterator_type<%s>" % ("parallel" if i < rank else "reduction")
             for i in range(loops)]
    E, IE = str(elem), str(it.element_type)
    is_float = _int_width(elem) is None
    arith = _ARITH[comb][0 if is_float else 1]
    body = ["%c0 = arith.constant 0 : index"]
    cond = None
    starts = dict(zip(s2o, range(len(s2o))))
    for od in range(rank):
        if od in ibd or (od in owd and od not in starts):
            continue
        if od in starts:
            k = starts[od]
            body.append("%%s%d = arith.index_cast %%idx%d : %s to index" % (k, k, IE))
            start = "%%s%d" % k
        else:
            start = "%c0"
        if od in iwd:
            body.append('%%o%d = "linalg.index"() <{dim = %d : i64}> : () -> index' % (od, od))
            body.append("%%m%d = arith.cmpi eq, %%o%d, %s : index" % (od, od, start))
        else:
            body.append("%%m%d = arith.cmpi eq, %s, %%c0 : index" % (od, start))
        if cond is None:
            cond = "%%m%d" % od
            continue
        body.append("%%all%d = arith.andi %s, %%m%d : i1" % (od, cond, od))
        cond = "%%all%d" % od
    body.append("%%id = arith.constant %s : %s" % (identity, E))
    if cond is None:  # every update points at every element
        return None
    if not any("%c0" in line for line in body[1:]):
        body = body[1:]
    OT, IT, UT = str(ot), str(it), str(ut)
    hits_type = _tensor(oshape, "i32")

    def reduction(result, init, acc_type, tail):
        """The generic over the indices (and the updates, when it sums
        them) into init, its body the index match and then `tail`
        (combining %acc)."""
        reads = acc_type == E  # the count reads no update
        args = ", ".join(["%%idx%d: %s" % (k, IE) for k in range(components)] +
                         (["%%u: %s" % E] if reads else []) + ["%%acc: %s" % acc_type])
        init_type = OT if reads else hits_type
        types = ", ".join([IT] * components + ([UT] if reads else []) + [init_type])
        operands = ", ".join(["%indices"] * components + (["%updates"] if reads else []) +
                             [init])
        used = maps if reads else maps[:components] + maps[-1:]
        out = ['  %s = "linalg.generic"(%s) <{indexing_maps = [%s], iterator_types = [%s], '
               'operandSegmentSizes = array<i32: %d, 1>}> ({' % (
                   result, operands, ", ".join(used), ", ".join(iters),
                   components + (1 if reads else 0)),
               "  ^bb0(%s):" % args]
        out += ["    " + b for b in body + tail]
        out.append("  }) : (%s) -> %s" % (types, init_type))
        return out

    sum_tail = ["%%x = arith.select %s, %%u, %%id : %s" % (cond, E),
                "%%r = %s %%acc, %%x : %s" % (arith, E),
                '"linalg.yield"(%%r) : (%s) -> ()' % E]
    lines = ["func.func private @scatter(%%operand: %s, %%indices: %s, %%updates: %s) -> %s {"
             % (OT, IT, UT, OT)]
    if not replace:
        lines += reduction("%r", "%operand", E, sum_tail)
    else:
        # The sum of the update pointing at each element, whether one does,
        # and the select of the two.
        own = ", ".join(dims[:rank])
        same = "affine_map<(%s) -> (%s)>" % (own, own)
        lines += ["  %%zero = arith.constant %s : %s" % (identity, E),
                  "  %%sum_e = tensor.empty() : %s" % OT,
                  "  %%sum0 = linalg.fill ins(%%zero : %s) outs(%%sum_e : %s) -> %s"
                  % (E, OT, OT),
                  "  %none = arith.constant 0 : i32",
                  "  %%hits_e = tensor.empty() : %s" % hits_type,
                  "  %%hits0 = linalg.fill ins(%%none : i32) outs(%%hits_e : %s) -> %s"
                  % (hits_type, hits_type)]
        lines += reduction("%sum", "%sum0", E, sum_tail)
        lines += reduction("%hits", "%hits0", "i32",
                           ["%%one = arith.extui %s : i1 to i32" % cond,
                            "%r = arith.addi %acc, %one : i32",
                            '"linalg.yield"(%r) : (i32) -> ()'])
        lines += ['  %%r = "linalg.generic"(%%hits, %%sum, %%operand) <{indexing_maps = '
                  '[%s, %s, %s], iterator_types = [%s], operandSegmentSizes = '
                  'array<i32: 2, 1>}> ({' % (same, same, same, ", ".join(iters[:rank])),
                  "  ^bb0(%%h: i32, %%s: %s, %%o: %s):" % (E, E),
                  "    %c0_i32 = arith.constant 0 : i32",
                  "    %hit = arith.cmpi ne, %h, %c0_i32 : i32",
                  "    %%v = arith.select %%hit, %%s, %%o : %s" % E,
                  '    "linalg.yield"(%%v) : (%s) -> ()' % E,
                  "  }) : (%s, %s, %s) -> %s" % (hits_type, OT, OT, OT)]
    lines.append("  return %%r : %s" % OT)
    lines.append("}")
    return "module {\n" + "\n".join(lines) + "\n}\n"


def _tensor(shape, elem):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), elem)


def _function(name, ot, it, ut, uwd, iwd, s2o, ivd, comb, ibd, sibd):
    elem = str(ot.element_type)
    oshape, ishape, ushape = list(ot.shape), list(it.shape), list(ut.shape)
    usd = [d for d in range(len(ushape)) if d not in uwd]
    owd = [d for d in range(len(oshape)) if d not in iwd and d not in ibd]
    win = [1] * len(oshape)
    for k, d in enumerate(owd):
        win[d] = ushape[uwd[k]]
    wshape = [ushape[d] for d in uwd]
    wt = _tensor(wshape, elem)
    OT, IT, UT = str(ot), str(it), str(ut)
    consts = sorted({0, 1} | set(ushape) | {oshape[d] - win[d] for d in s2o})
    lines = ["func.func private @%s(%%operand_in: %s, %%indices_in: %s, %%updates_in: %s) -> %s {"
             % (name, OT, IT, UT, OT)]
    # The loop reads and writes at data-dependent positions in every dim,
    # so its values are whole on every device: said here for its operands
    # and its result, the gathers happen once before the loop instead of in
    # every iteration (the partitioner has no scatter rule yet to do better).
    for v, T in (("operand", OT), ("indices", IT), ("updates", UT)):
        lines.append('  %%%s = "gspmd.sharding_constraint"(%%%s_in) '
                     '{sharding = #gspmd.replicated} : (%s) -> %s' % (v, v, T, T))
    lines += ["  %%c%d = arith.constant %d : index" % (c, c) for c in consts if c >= 0]
    ivs = ["%%i%d" % k for k in range(len(usd))]
    acc = "%operand"
    depth = 0
    for k, d in enumerate(usd):
        lines.append("  %s%%r%d = scf.for %s = %%c0 to %%c%d step %%c1 iter_args(%%a%d = %s) -> (%s) {"
                     % ("  " * k, k, ivs[k], ushape[d], k, acc, OT))
        acc = "%%a%d" % k
        depth = k + 1
    pad = "  " * (depth + 1)
    body = []
    # The index vector: one read per start index.
    starts = {}
    for k, od in enumerate(s2o):
        pos = list(ivs)
        if ivd < len(ishape):
            pos.insert(ivd, "%%c%d" % k)
        body.append("%%x%d = tensor.extract %%indices[%s] : %s" % (k, ", ".join(pos), IT))
        body.append("%%s%d = arith.index_cast %%x%d : %s to index" % (k, k, str(it.element_type)))
        body.append("%%lo%d = arith.cmpi sge, %%s%d, %%c0 : index" % (k, k))
        body.append("%%hi%d = arith.cmpi sle, %%s%d, %%c%d : index" % (k, k, oshape[od] - win[od]))
        body.append("%%ok%d = arith.andi %%lo%d, %%hi%d : i1" % (k, k, k))
        starts[od] = "%%s%d" % k
    # Batching dims: the operand's position is the update's own index along
    # the matching indices dim (indices dims but the index vector's, in order,
    # are the update scatter dims).
    for od, idim in zip(ibd, sibd):
        starts[od] = ivs[idim - (1 if ivd < idim else 0)]
    ok = "%true"
    body.append("%true = arith.constant true")
    for k in range(len(s2o)):
        body.append("%%all%d = arith.andi %s, %%ok%d : i1" % (k, ok, k))
        ok = "%%all%d" % k
    body.append("%%new = scf.if %s -> (%s) {" % (ok, OT))
    upos = ["0"] * len(ushape)
    for k, d in enumerate(usd):
        upos[d] = ivs[k]
    usize = [1 if d in usd else ushape[d] for d in range(len(ushape))]
    opos = [starts.get(d, "0") for d in range(len(oshape))]
    if wshape:
        body.append("  %%uw = tensor.extract_slice %%updates[%s] [%s] [%s] : %s to %s"
                    % (", ".join(upos), ", ".join(map(str, usize)),
                       ", ".join(["1"] * len(ushape)), UT, wt))
        body.append("  %%ow = tensor.extract_slice %s[%s] [%s] [%s] : %s to %s"
                    % (acc, ", ".join(opos), ", ".join(map(str, win)),
                       ", ".join(["1"] * len(oshape)), OT, wt))
        if comb is None:
            result = "%uw"
        else:
            body.append("  %%cw = %s %%ow, %%uw : %s" % (comb, wt))
            result = "%cw"
        body.append("  %%ins = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s"
                    % (result, acc, ", ".join(opos), ", ".join(map(str, win)),
                       ", ".join(["1"] * len(oshape)), wt, OT))
    else:
        uidx = [p if p != "0" else "%c0" for p in upos]
        oidx = [p if p != "0" else "%c0" for p in opos]
        body.append("  %%uv = tensor.extract %%updates[%s] : %s" % (", ".join(uidx), UT))
        if comb is None:
            result = "%uv"
        else:
            body.append("  %%ov = tensor.extract %s[%s] : %s" % (acc, ", ".join(oidx), OT))
            body.append("  %%ot = tensor.from_elements %%ov : tensor<%s>" % elem)
            body.append("  %%ut = tensor.from_elements %%uv : tensor<%s>" % elem)
            body.append("  %%ct = %s %%ot, %%ut : tensor<%s>" % (comb, elem))
            body.append("  %%cv = tensor.extract %%ct[] : tensor<%s>" % elem)
            result = "%cv"
        body.append("  %%ins = tensor.insert %s into %s[%s] : %s" % (result, acc, ", ".join(oidx), OT))
    body.append("  scf.yield %%ins : %s" % OT)
    body.append("} else {")
    body.append("  scf.yield %s : %s" % (acc, OT))
    body.append("}")
    lines += [pad + b for b in body]
    result = "%new"
    for k in range(depth - 1, -1, -1):
        lines.append("  " * (k + 2) + "scf.yield %s : %s" % (result, OT))
        lines.append("  " * (k + 1) + "}")
        result = "%%r%d" % k
    lines.append('  %%result = "gspmd.sharding_constraint"(%s) '
                 '{sharding = #gspmd.replicated} : (%s) -> %s' % (result, OT, OT))
    lines.append("  return %%result : %s" % OT)
    lines.append("}")
    return "module {\n" + "\n".join(lines) + "\n}\n"
