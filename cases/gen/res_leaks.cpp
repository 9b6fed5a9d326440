// Generator of the resource-leak matrix: communicators, datatypes, groups and
// reduction ops created in several ways and used, then either freed before
// MPI_Finalize (-ok) or never freed (-nok).
//
// Usage: res_leaks OUTDIR   writes OUTDIR/res/leak-matrix/<case>.c
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr const char *kGenerator = "cases/gen/res_leaks.cpp";
constexpr const char *kGroup = "leak-matrix";

struct Leak {
    std::string cls;                  // res.leak.<kind>
    std::string mbi;                  // MBI's name of the leak
    std::string name;                 // case name stem
    std::string created;              // completes "Each rank creates ..."
    std::vector<std::string> create;  // the creating lines; the call is marked @create
    std::vector<std::string> use;     // what the program does with the resource
    std::vector<std::string> release; // the freeing line the erroneous case omits
    std::vector<std::string> includes;
    std::vector<std::string> prelude; // file-scope code (user functions, structs)
    std::string requires_features;    // REQUIRES value or empty
};

Leak comm_leak(const std::string &name, const std::string &created, const std::vector<std::string> &create,
               const std::string &requires_features = "")
{
    return {"res.leak.communicator", "CommunicatorLeak", name, created, create, {"MPI_Barrier(comm);"},
            {"MPI_Comm_free(&comm);"}, {}, {}, requires_features};
}

Leak type_leak(const std::string &name, const std::string &created, const std::vector<std::string> &create,
               bool used = true)
{
    std::vector<std::string> use;
    if (used) use = {"MPI_Bcast(values, 1, type, 0, MPI_COMM_WORLD);"};
    return {"res.leak.datatype", "DatatypeLeak", name, created, create, use, {"MPI_Type_free(&type);"}, {}, {}, ""};
}

Leak group_leak(const std::string &name, const std::string &created, const std::vector<std::string> &create)
{
    return {"res.leak.group", "GroupLeak", name, created, create, {"int members;", "MPI_Group_size(group, &members);"},
            {"MPI_Group_free(&group);"}, {}, {}, ""};
}

Leak op_leak(const std::string &name, const std::string &created, const std::string &commute,
             const std::vector<std::string> &use)
{
    static const std::vector<std::string> sum = {
        "/* Adds the ints of `in` to those of `inout`. */",
        "static void add_ints(void *in, void *inout, int *len, MPI_Datatype *type)",
        "{",
        "    (void)type;",
        "    for (int i = 0; i < *len; ++i)",
        "        ((int *)inout)[i] += ((int *)in)[i];",
        "}",
    };
    return {"res.leak.op", "OperatorLeak", name, created, {"MPI_Op op;", "MPI_Op_create(add_ints, " + commute + ", &op); // @create"},
            use, {"MPI_Op_free(&op);"}, {}, sum, ""};
}

std::vector<Leak> leaks()
{
    Leak with_struct = type_leak(
        "type-struct", "a struct datatype of an int and a float",
        {"struct sample values[1] = {{0, 0.0f}};", "int lengths[2] = {1, 1};",
         "MPI_Aint displs[2] = {offsetof(struct sample, id), offsetof(struct sample, value)};",
         "MPI_Datatype fields[2] = {MPI_INT, MPI_FLOAT};", "MPI_Datatype type;",
         "MPI_Type_create_struct(2, lengths, displs, fields, &type); // @create", "MPI_Type_commit(&type);"});
    with_struct.includes = {"#include <stddef.h>"};
    with_struct.prelude = {"struct sample {", "    int id;", "    float value;", "};"};
    return {
        comm_leak("comm-dup", "a duplicate of MPI_COMM_WORLD with MPI_Comm_dup",
                  {"MPI_Comm comm;", "MPI_Comm_dup(MPI_COMM_WORLD, &comm); // @create"}),
        comm_leak("comm-split", "a communicator with MPI_Comm_split",
                  {"MPI_Comm comm;", "MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &comm); // @create"}),
        comm_leak("comm-create", "a communicator from the group of MPI_COMM_WORLD with MPI_Comm_create",
                  {"MPI_Group world;", "MPI_Comm_group(MPI_COMM_WORLD, &world);", "MPI_Comm comm;",
                   "MPI_Comm_create(MPI_COMM_WORLD, world, &comm); // @create", "MPI_Group_free(&world);"}),
        comm_leak("cart-create", "a one-dimensional Cartesian communicator with MPI_Cart_create",
                  {"int dims[1] = {2}, periods[1] = {0};", "MPI_Comm comm;",
                   "MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &comm); // @create"}),
        comm_leak("comm-split-type", "a shared-memory communicator with MPI_Comm_split_type",
                  {"MPI_Comm comm;",
                   "MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &comm); // @create"},
                  "mpi-3"),
        comm_leak("comm-idup", "a duplicate of MPI_COMM_WORLD with the nonblocking MPI_Comm_idup",
                  {"MPI_Comm comm;", "MPI_Request req;", "MPI_Comm_idup(MPI_COMM_WORLD, &comm, &req); // @create",
                   "MPI_Wait(&req, MPI_STATUS_IGNORE);"},
                  "mpi-3"),

        type_leak("type-contiguous", "a contiguous datatype of 4 ints",
                  {"int values[4] = {0, 0, 0, 0};", "MPI_Datatype type;",
                   "MPI_Type_contiguous(4, MPI_INT, &type); // @create", "MPI_Type_commit(&type);"}),
        type_leak("type-vector", "a vector datatype of every second int",
                  {"int values[4] = {0, 0, 0, 0};", "MPI_Datatype type;",
                   "MPI_Type_vector(2, 1, 2, MPI_INT, &type); // @create", "MPI_Type_commit(&type);"}),
        type_leak("type-indexed", "an indexed datatype of the first and the last int",
                  {"int values[4] = {0, 0, 0, 0};", "int lengths[2] = {1, 1}, displs[2] = {0, 3};", "MPI_Datatype type;",
                   "MPI_Type_indexed(2, lengths, displs, MPI_INT, &type); // @create", "MPI_Type_commit(&type);"}),
        with_struct,
        type_leak("type-dup", "a duplicate of MPI_INT with MPI_Type_dup",
                  {"int values[1] = {0};", "MPI_Datatype type;", "MPI_Type_dup(MPI_INT, &type); // @create"}),
        type_leak("type-uncommitted", "a contiguous datatype that it never commits nor uses",
                  {"MPI_Datatype type;", "MPI_Type_contiguous(2, MPI_INT, &type); // @create"}, false),

        group_leak("comm-group", "the group of MPI_COMM_WORLD with MPI_Comm_group",
                   {"MPI_Group group;", "MPI_Comm_group(MPI_COMM_WORLD, &group); // @create"}),
        group_leak("group-incl", "a group of rank 0 with MPI_Group_incl",
                   {"MPI_Group world;", "MPI_Comm_group(MPI_COMM_WORLD, &world);", "int first[1] = {0};",
                    "MPI_Group group;", "MPI_Group_incl(world, 1, first, &group); // @create", "MPI_Group_free(&world);"}),
        group_leak("group-excl", "a group without rank 0 with MPI_Group_excl",
                   {"MPI_Group world;", "MPI_Comm_group(MPI_COMM_WORLD, &world);", "int first[1] = {0};",
                    "MPI_Group group;", "MPI_Group_excl(world, 1, first, &group); // @create", "MPI_Group_free(&world);"}),
        group_leak("group-union", "the union of two single-rank groups with MPI_Group_union",
                   {"MPI_Group world, low, high;", "MPI_Comm_group(MPI_COMM_WORLD, &world);",
                    "int first[1] = {0}, second[1] = {1};", "MPI_Group_incl(world, 1, first, &low);",
                    "MPI_Group_incl(world, 1, second, &high);", "MPI_Group group;",
                    "MPI_Group_union(low, high, &group); // @create", "MPI_Group_free(&low);", "MPI_Group_free(&high);",
                    "MPI_Group_free(&world);"}),
        group_leak("group-range-incl", "a group of a rank range with MPI_Group_range_incl",
                   {"MPI_Group world;", "MPI_Comm_group(MPI_COMM_WORLD, &world);", "int ranges[1][3] = {{0, 1, 1}};",
                    "MPI_Group group;", "MPI_Group_range_incl(world, 1, ranges, &group); // @create",
                    "MPI_Group_free(&world);"}),

        op_leak("op-allreduce", "a commutative reduction op used in MPI_Allreduce", "1",
                {"int value = rank, sum = 0;", "MPI_Allreduce(&value, &sum, 1, MPI_INT, op, MPI_COMM_WORLD);"}),
        op_leak("op-reduce", "a non-commutative reduction op used in MPI_Reduce", "0",
                {"int value = rank, sum = 0;", "MPI_Reduce(&value, &sum, 1, MPI_INT, op, 0, MPI_COMM_WORLD);"}),
        op_leak("op-scan", "a reduction op used in MPI_Scan", "1",
                {"int value = rank, prefix = 0;", "MPI_Scan(&value, &prefix, 1, MPI_INT, op, MPI_COMM_WORLD);"}),
        op_leak("op-unused", "a reduction op that it never uses", "1", {}),
    };
}

std::string id(const std::string &name) { return std::string("res/") + kGroup + "/" + name; }

std::string render(const Leak &leak, bool freed)
{
    const std::string kind = leak.cls.substr(leak.cls.rfind('.') + 1);
    std::string out = "// GENERATED: " + std::string(kGenerator) + "\n";
    out += "// DESCRIPTION: Each rank creates " + leak.created +
           (freed ? ", and frees it before MPI_Finalize.\n" : ", and never frees it.\n");
    out += "// NPROCS: 2\n";
    if (freed) {
        out += "// EXPECT: ok\n";
    } else {
        out += "// EXPECT: error " + leak.cls + "\n";
        out += "// EXPECT-AT: create\n";
    }
    out += "// TWIN: " + id(leak.name + (freed ? "-leak-nok" : "-freed-ok")) + "\n";
    if (!leak.requires_features.empty()) out += "// REQUIRES: " + leak.requires_features + "\n";
    if (!freed)
        out += "// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a " + kind +
               " created and never freed as a resource leak (MBI: " + leak.mbi + "). Natively completes with Open MPI and MPICH.\n";
    out += "#include <mpi.h>\n";
    for (const auto &line : leak.includes) out += line + "\n";
    if (!leak.prelude.empty()) out += "\n";
    for (const auto &line : leak.prelude) out += line + "\n";
    out += "\nint main(int argc, char **argv)\n{\n";
    out += "    MPI_Init(&argc, &argv);\n    int rank;\n    MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n\n";
    for (const auto &line : leak.create) out += "    " + line + "\n";
    for (const auto &line : leak.use) out += "    " + line + "\n";
    if (freed)
        for (const auto &line : leak.release) out += "    " + line + "\n";
    out += "\n    MPI_Finalize();\n    return 0;\n}\n";
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::cerr << "usage: res_leaks OUTDIR\n";
        return 2;
    }
    const std::filesystem::path dir = std::filesystem::path(argv[1]) / "res" / kGroup;
    std::filesystem::create_directories(dir);
    for (const auto &leak : leaks()) {
        for (bool freed : {false, true}) {
            const auto path = dir / (leak.name + (freed ? "-freed-ok.c" : "-leak-nok.c"));
            std::ofstream file(path, std::ios::binary);
            file << render(leak, freed);
            if (!file) {
                std::cerr << "res_leaks: cannot write " << path << '\n';
                return 1;
            }
        }
    }
    return 0;
}
