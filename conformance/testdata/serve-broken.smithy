$version: "2"
namespace broken

structure S {
    a: DoesNotExist
}
