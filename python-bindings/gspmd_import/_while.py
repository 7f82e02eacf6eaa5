"""stablehlo.while as scf.for (jax's fori_loop and scan) or scf.while.

stablehlo-legalize-to-linalg leaves while loops alone. jax writes
fori_loop and scan as a while whose condition compares one tensor<i32> (or
i64) iteration argument, started at a constant, with a constant bound
(`LT`), and whose body returns that argument plus one: that is an scf.for
over the constant range, which the partitioner splits like any loop (the
counter becomes the loop's index, as a 0-d tensor where the body reads it;
after the loop it is the bound). Any other while becomes an scf.while whose
`before` region is the condition. Both run before the lowering, so the ops
of their regions are lowered with the rest.
"""

from jaxlib.mlir import ir

__all__ = ["convert_all"]


def convert_all(module, fail):
    ops = []
    module.operation.walk(lambda op: (ops.append(op) if op.name == "stablehlo.while"
                                      else None) or ir.WalkResult.ADVANCE)
    # Inner loops first: an outer loop's regions then hold only scf loops.
    for op in reversed(ops):
        counted = _counted(op)
        if counted is not None:
            _to_for(op, *counted)
        else:
            _to_while(op)


def _constant_int(value):
    """The integer a 0-d stablehlo.constant holds, else None."""
    if not isinstance(value, ir.OpResult) or value.owner.name != "stablehlo.constant":
        return None
    if ir.RankedTensorType(value.type).rank != 0:
        return None
    try:
        attr = ir.DenseIntElementsAttr(value.owner.attributes["value"])
    except ValueError:  # not integers
        return None
    return int(attr[0])


def _counted(op):
    """(k, lo, hi) when argument k counts from the constant lo to hi by one."""
    cond = [o.operation for o in op.regions[0].blocks[0].operations]
    body = op.regions[1].blocks[0]
    if len(cond) != 3 or cond[1].name != "stablehlo.compare" or \
            "LT" not in str(cond[1].attributes["comparison_direction"]):
        return None
    lhs, rhs = cond[1].operands
    if not isinstance(lhs, ir.BlockArgument) or rhs != cond[0].results[0] or \
            cond[2].operands[0] != cond[1].results[0]:
        return None
    k, hi = lhs.arg_number, _constant_int(rhs)
    lo = _constant_int(op.operands[k])
    if hi is None or lo is None:
        return None
    step = body.operations[len(body.operations) - 1].operands[k]
    if not isinstance(step, ir.OpResult) or step.owner.name != "stablehlo.add":
        return None
    a, b = step.owner.operands
    arg = body.arguments[k]
    if not ((a == arg and _constant_int(b) == 1) or (b == arg and _constant_int(a) == 1)):
        return None
    return k, lo, hi


def _index_constant(value):
    index = ir.IndexType.get()
    return ir.Operation.create("arith.constant", results=[index],
                               attributes={"value": ir.IntegerAttr.get(index, value)}).results[0]


def _move_body(old_block, new_block, arg_map, terminator):
    """Moves old_block's ops into new_block, its arguments replaced by
    arg_map's values, its stablehlo.return by terminator(operands)."""
    for old, new in arg_map:
        old.replace_all_uses_with(new)
    for inner in list(old_block.operations):
        inner = inner.operation
        if inner.name == "stablehlo.return":
            with ir.InsertionPoint(new_block), inner.location:
                terminator(list(inner.operands))
            inner.erase()
        else:
            inner.detach_from_parent()
            new_block.append(inner)


def _to_for(op, k, lo, hi):
    carried = [i for i in range(len(op.operands)) if i != k]
    counter_type = op.operands[k].type
    elem = ir.RankedTensorType(counter_type).element_type
    with ir.InsertionPoint(op), op.location:
        bounds = [_index_constant(lo), _index_constant(max(lo, hi)), _index_constant(1)]
        loop = ir.Operation.create(
            "scf.for", results=[op.results[i].type for i in carried],
            operands=bounds + [op.operands[i] for i in carried], regions=1)
        after = ir.Operation.create(
            "stablehlo.constant", results=[counter_type],
            attributes={"value": ir.DenseElementsAttr.get_splat(
                counter_type, ir.IntegerAttr.get(elem, max(lo, hi)))}).results[0]
    body = op.regions[1].blocks[0]
    block = loop.regions[0].blocks.append(ir.IndexType.get(),
                                          *[op.operands[i].type for i in carried])
    with ir.InsertionPoint(block), op.location:
        i = ir.Operation.create("arith.index_cast", results=[elem],
                                operands=[block.arguments[0]]).results[0]
        counter = ir.Operation.create("tensor.from_elements", results=[counter_type],
                                      operands=[i]).results[0]
    arg_map = [(body.arguments[k], counter)] + \
        [(body.arguments[i], block.arguments[1 + n]) for n, i in enumerate(carried)]
    _move_body(body, block, arg_map, lambda vals: ir.Operation.create(
        "scf.yield", operands=[vals[i] for i in carried]))
    for n, i in enumerate(carried):
        op.results[i].replace_all_uses_with(loop.results[n])
    op.results[k].replace_all_uses_with(after)
    op.erase()


def _to_while(op):
    types = [v.type for v in op.operands]
    with ir.InsertionPoint(op), op.location:
        loop = ir.Operation.create("scf.while", results=types,
                                   operands=list(op.operands), regions=2)
    cond, body = op.regions[0].blocks[0], op.regions[1].blocks[0]
    before = loop.regions[0].blocks.append(*types)
    after = loop.regions[1].blocks.append(*types)

    def condition(vals):
        i1 = ir.IntegerType.get_signless(1)
        flag = ir.Operation.create("tensor.extract", results=[i1],
                                   operands=[vals[0]]).results[0]
        ir.Operation.create("scf.condition", operands=[flag] + list(before.arguments))

    _move_body(cond, before, list(zip(cond.arguments, before.arguments)), condition)
    _move_body(body, after, list(zip(body.arguments, after.arguments)),
               lambda vals: ir.Operation.create("scf.yield", operands=vals))
    for old, new in zip(op.results, loop.results):
        old.replace_all_uses_with(new)
    op.erase()
