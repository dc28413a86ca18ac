$version: "2.0"

namespace smithy.example

structure Defaults {
    @timestampFormat("http-date")
    oneDigitDay: Timestamp = "Tue, 3 Jun 2008 11:05:30 GMT"

    @timestampFormat("http-date")
    noSeconds: Timestamp = "Tue, 03 Jun 2008 11:05 GMT"

    @timestampFormat("http-date")
    notGmt: Timestamp = "Tue, 3 Jun 2008 11:05:30 UT"
}
