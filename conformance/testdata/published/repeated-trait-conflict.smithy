$version: "2.0"

namespace smithy.example

@documentation("one")
@documentation("two")
string Twice

/// three
@documentation("four")
string Commented
