$version: "2.0"

namespace smithy.example

@suppress(["A"])
@suppress(["B"])
@sensitive
@sensitive
string Secret

structure Tagged {
    @tags(["a"])
    @tags(["b"])
    member: String
}
