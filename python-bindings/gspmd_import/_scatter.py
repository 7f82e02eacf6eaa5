"""stablehlo.scatter as a loop over its update windows.

stablehlo-legalize-to-linalg leaves scatter alone (its result is indexed by
data, which no indexing map says). Each scatter becomes a call of a private
function: a loop nest over the update scatter dims that reads the index
vector, skips a window that does not fit the operand (XLA's semantics for
out-of-bounds scatter indices), and otherwise combines the update window
into the operand window with the scatter's combiner; its three operands are
constrained replicated, and so is its result (one gather before the loop,
not one per iteration, where the caller split them). Combiners: replace
(return the update), add, multiply, maximum, minimum, and, or. Batching
dims (input_batching_dims) index the operand by the update's own position.
"""

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

__all__ = ["lower_all"]

# Combiners whose order of operands does not matter.
_COMBINERS = ("stablehlo.add", "stablehlo.multiply", "stablehlo.maximum",
              "stablehlo.minimum", "stablehlo.and", "stablehlo.or")


def lower_all(module, fail):
    ops = []
    module.operation.walk(lambda op: (ops.append(op) if op.name == "stablehlo.scatter"
                                      else None) or ir.WalkResult.ADVANCE)
    for n, op in enumerate(ops):
        _lower(module, op, "gspmd_import_scatter_%d" % n, fail)


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
