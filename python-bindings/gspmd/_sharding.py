"""gspmd.Sharding and mesh_split."""

import ctypes

from . import _capi
from ._context import GSPMDError, capture, context, unknown_location
from ._mesh import Mesh, check_int64

__all__ = ["Sharding", "mesh_split", "sharding_attr_name"]


def _mesh_symbol(mesh):
    if isinstance(mesh, Mesh):
        return mesh.name, mesh
    if isinstance(mesh, str):
        name = mesh[1:] if mesh.startswith("@") else mesh
        if not name:
            raise GSPMDError("mesh name must not be empty")
        return name, None
    raise TypeError("expected a Mesh or a mesh name, got %r" % (mesh,))


class Sharding:
    """A #gspmd.replicated, #gspmd.tiled or #gspmd.partially_tiled attribute.

    Build one with Sharding.replicated(), .tiled(), .partially_tiled(),
    .parse(), .from_hlo() or gspmd.mesh_split(). The attribute belongs to the
    package's context and lives as long as the process. Equality and hashing
    compare the attribute only.

    `.mesh` is the Mesh object the sharding was made with or for, or None:
    mesh_split's mesh, a Mesh passed to tiled()/partially_tiled(), from_hlo's
    hint mesh, or the mesh from_hlo created (which this Sharding then keeps
    alive). to_hlo() uses it when no mesh is passed.
    """

    __slots__ = ("_attr", "mesh")

    def __init__(self, attr, mesh=None):
        """Internal: wraps an MlirAttribute that is known to be a sharding."""
        self._attr = attr
        self.mesh = mesh

    # --- constructors --------------------------------------------------------

    @classmethod
    def replicated(cls):
        return cls(_capi.lib().gspmdReplicatedAttrGet(context()))

    @classmethod
    def tiled(cls, mesh, dims):
        """#gspmd.tiled<@mesh, dims>; dims lists the axis names of each dim.

        `mesh` is a Mesh or a mesh name. Names are checked against the mesh
        only when IR using the sharding is verified.
        """
        return cls._tile(_capi.lib().gspmdTiledAttrGet, mesh, dims)

    @classmethod
    def partially_tiled(cls, mesh, dims):
        """#gspmd.partially_tiled<@mesh, dims>; as tiled()."""
        return cls._tile(_capi.lib().gspmdPartiallyTiledAttrGet, mesh, dims)

    @classmethod
    def _tile(cls, get, mesh, dims):
        name, mesh_obj = _mesh_symbol(mesh)
        dims = [list(d) for d in dims]
        flat = []
        for d in dims:
            for axis in d:
                if not isinstance(axis, str):
                    raise TypeError("mesh axis names must be str, got %r" % (axis,))
                # The attribute's own verifier is not run by the C getters.
                if axis in flat:
                    raise GSPMDError(
                        'mesh axis "%s" is used twice in one sharding' % axis)
                flat.append(axis)
        counts = (ctypes.c_ssize_t * max(len(dims), 1))(*[len(d) for d in dims])
        axes = _capi.string_refs(flat)
        attr = get(context(), _capi.string_ref(name), len(dims), counts, axes)
        return cls(attr, mesh_obj)

    @classmethod
    def parse(cls, text):
        """Parses sharding attribute text, e.g. '#gspmd.tiled<@m, [["x"]]>'."""
        lib = _capi.lib()
        with capture() as diagnostics:
            attr = lib.mlirAttributeParseGet(context(), _capi.string_ref(text))
        if _capi.is_null(attr):
            # MLIR names the parse buffer after the text itself.
            prefix = text + ":"
            diagnostics = ["<attribute>:" + d[len(prefix):]
                           if d.startswith(prefix) else d for d in diagnostics]
            raise GSPMDError("cannot parse sharding %r" % text, diagnostics)
        if not lib.gspmdAttributeIsASharding(attr):
            raise GSPMDError("not a gspmd sharding: %s"
                             % _capi.print_with(lib.mlirAttributePrint, attr))
        return cls(attr)

    @classmethod
    def from_hlo(cls, text, rank, mesh=None, new_mesh_name="hlo_mesh"):
        """Imports an XLA HloSharding string for a tensor of rank `rank`.

        With a `mesh` hint the result refers to it when it can. Otherwise a
        new Mesh named `new_mesh_name` is created and returned as the
        result's `.mesh` (owned by that Mesh object). `.mesh` is None for a
        replicated result without a hint.
        """
        lib = _capi.lib()
        if mesh is not None and not isinstance(mesh, Mesh):
            raise TypeError("mesh must be a gspmd.Mesh or None")
        rank = check_int64(rank, "rank")
        new_mesh = _capi.MlirOperation()
        hint = mesh.op if mesh is not None else _capi.MlirOperation()
        with capture() as diagnostics:
            attr = lib.gspmdShardingAttrFromHlo(
                unknown_location(), _capi.string_ref(text), rank, hint,
                _capi.string_ref(new_mesh_name), ctypes.byref(new_mesh))
        if not _capi.is_null(new_mesh):
            created = Mesh._adopt(new_mesh)
            if _capi.is_null(attr):
                created.close()
        if _capi.is_null(attr):
            raise GSPMDError("cannot import HLO sharding %r" % text, diagnostics)
        if not _capi.is_null(new_mesh):
            return cls(attr, created)
        return cls(attr, mesh)

    # --- queries -------------------------------------------------------------

    @property
    def kind(self):
        """'replicated', 'tiled' or 'partially_tiled'."""
        lib = _capi.lib()
        if lib.gspmdAttributeIsAReplicated(self._attr):
            return "replicated"
        if lib.gspmdAttributeIsATiled(self._attr):
            return "tiled"
        return "partially_tiled"

    @property
    def mesh_name(self):
        """The mesh symbol name, or None for #gspmd.replicated."""
        name = _capi.from_ref(_capi.lib().gspmdShardingGetMeshName(self._attr))
        return name or None

    @property
    def rank(self):
        """Number of tensor dims described (0 for replicated: fits any rank)."""
        return _capi.lib().gspmdShardingGetRank(self._attr)

    @property
    def dims(self):
        """Per tensor dim, the axis names splitting it, major to minor."""
        lib, attr = _capi.lib(), self._attr
        return [[_capi.from_ref(lib.gspmdShardingGetDimAxis(attr, d, p))
                 for p in range(lib.gspmdShardingGetDimNumAxes(attr, d))]
                for d in range(lib.gspmdShardingGetRank(attr))]

    @property
    def attribute(self):
        """The MlirAttribute handle (owned by the context)."""
        return self._attr

    def to_hlo(self, mesh=None, explicit_devices=False):
        """Returns the XLA HloSharding text, e.g. '{devices=[2,4]<=[8]}'.

        `mesh` defaults to self.mesh; it may be None for replicated. With
        explicit_devices the device list is printed instead of an iota.
        """
        lib = _capi.lib()
        mesh = mesh if mesh is not None else self.mesh
        if mesh is not None and not isinstance(mesh, Mesh):
            raise TypeError("mesh must be a gspmd.Mesh or None")
        op = mesh.op if mesh is not None else _capi.MlirOperation()
        out = _capi.Collector()
        with capture() as diagnostics:
            result = lib.gspmdShardingAttrToHlo(op, self._attr,
                                                bool(explicit_devices),
                                                out.callback, None)
        if not result.value:
            raise GSPMDError("cannot write %s as an HLO sharding" % self,
                             diagnostics)
        return out.text()

    def __eq__(self, other):
        if not isinstance(other, Sharding):
            return NotImplemented
        return bool(_capi.lib().mlirAttributeEqual(self._attr, other._attr))

    def __hash__(self):
        return hash(self._attr.ptr)

    def __str__(self):
        return _capi.print_with(_capi.lib().mlirAttributePrint, self._attr)

    def __repr__(self):
        return "gspmd.Sharding.parse(%r)" % str(self)


def mesh_split(mesh, dims_mapping):
    """The paper's mesh_split: dims_mapping[i] is the mesh axis index
    splitting tensor dim i, or -1. Returns a tiled, partially tiled or
    replicated Sharding whose .mesh is `mesh`.
    """
    if not isinstance(mesh, Mesh):
        raise TypeError("mesh_split needs a gspmd.Mesh")
    mapping = [check_int64(v, "mesh axis index") for v in dims_mapping]
    array = (ctypes.c_int64 * max(len(mapping), 1))(*mapping)
    lib = _capi.lib()
    with capture() as diagnostics:
        attr = lib.gspmdShardingAttrGetMeshSplit(mesh.op, len(mapping), array)
    if _capi.is_null(attr):
        raise GSPMDError("mesh_split(@%s, %r) failed" % (mesh.name, mapping),
                         diagnostics)
    return Sharding(attr, mesh)


def sharding_attr_name():
    """'gspmd.sharding': the attribute holding shardings in the IR."""
    return _capi.from_ref(_capi.lib().gspmdShardingAttrName())
