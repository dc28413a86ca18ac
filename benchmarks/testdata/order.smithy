$version: "2"
namespace bench

/// A realistic order: 20 members, nested structures, lists and maps,
/// patterns, ranges, enums, timestamps, a union.
structure Order {
    @required
    @pattern("^ord_[0-9a-f]{16}$")
    id: String

    @required
    customer: Customer

    @required
    @length(min: 1, max: 50)
    items: LineItems

    @required
    status: OrderStatus

    priority: Priority

    @required
    createdAt: Timestamp

    updatedAt: Timestamp

    @required
    @range(min: 0, max: 1000000)
    total: BigDecimal

    @required
    @pattern("^[A-Z]{3}$")
    currency: String

    @required
    shippingAddress: Address

    billingAddress: Address

    @length(max: 500)
    notes: String

    tags: Tags

    metadata: Metadata

    @range(min: 0, max: 100)
    discountPercent: Double

    gift: Boolean

    @required
    @range(min: 1)
    version: Long

    coupons: Coupons

    shipping: ShippingMethod

    attributes: Attributes
}

structure Customer {
    @required
    @pattern("^cus_[0-9a-zA-Z]{8,24}$")
    id: String

    @required
    @length(min: 1, max: 100)
    name: String

    @required
    @pattern("^[^@ ]+@[^@ ]+\\.[a-z]{2,}$")
    email: String

    tier: Tier

    @pattern("^\\+[0-9]{7,15}$")
    phone: String
}

enum Tier {
    BRONZE
    SILVER
    GOLD
    PLATINUM
}

enum OrderStatus {
    PENDING
    PAID
    SHIPPED
    DELIVERED
    CANCELLED
}

intEnum Priority {
    LOW = 1
    NORMAL = 2
    HIGH = 3
}

list LineItems {
    member: LineItem
}

structure LineItem {
    @required
    @pattern("^[A-Z]{3}-[0-9]{6}$")
    sku: String

    @required
    @length(min: 1, max: 200)
    name: String

    @required
    @range(min: 1, max: 1000)
    quantity: Integer

    @required
    @range(min: 0, max: 100000)
    unitPrice: BigDecimal

    @range(min: 0, max: 100)
    discountPercent: Float
}

structure Address {
    @required
    @length(min: 1, max: 100)
    line1: String

    @length(max: 100)
    line2: String

    @required
    @length(min: 1, max: 60)
    city: String

    @required
    @pattern("^[0-9A-Z -]{3,10}$")
    postalCode: String

    @required
    @pattern("^[A-Z]{2}$")
    country: String
}

@uniqueItems
@length(max: 10)
list Tags {
    member: Tag
}

@length(min: 1, max: 32)
@pattern("^[a-z][a-z0-9-]*$")
string Tag

@length(max: 20)
map Metadata {
    key: MetadataKey
    value: MetadataValue
}

@length(min: 1, max: 64)
@pattern("^[a-zA-Z_][a-zA-Z0-9_]*$")
string MetadataKey

@length(max: 256)
string MetadataValue

list Coupons {
    member: Coupon
}

structure Coupon {
    @required
    @pattern("^[A-Z0-9]{6,12}$")
    code: String

    @required
    @range(min: 0, max: 500)
    amount: BigDecimal
}

union ShippingMethod {
    ground: GroundShipping
    express: ExpressShipping
    pickup: PickupShipping
}

structure GroundShipping {
    @required
    @range(min: 1, max: 30)
    days: Integer
}

structure ExpressShipping {
    @required
    @pattern("^[A-Z]{2,4}$")
    carrier: String

    @required
    deliverBy: Timestamp
}

structure PickupShipping {
    @required
    @length(min: 1, max: 20)
    storeId: String
}

map Attributes {
    key: String
    value: AttributeValues
}

@length(max: 5)
list AttributeValues {
    member: String
}
