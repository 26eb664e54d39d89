package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// g draws realistic field values from one seeded source.
type g struct{ r *rand.Rand }

func (g g) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }
func (g g) n(lo, hi int) int         { return lo + g.r.IntN(hi-lo+1) }
func (g g) chance(p float64) bool    { return g.r.Float64() < p }
func (g g) digits(k int) string {
	var b strings.Builder
	for range k {
		b.WriteByte(byte('0' + g.r.IntN(10)))
	}
	return b.String()
}
func (g g) letters(k int) string {
	var b strings.Builder
	for range k {
		b.WriteByte(byte('A' + g.r.IntN(26)))
	}
	return b.String()
}

var firstNames = []string{"James", "Maria", "Robert", "Linda", "Michael", "Sofia", "David", "Elena", "Daniel", "Aisha",
	"Thomas", "Priya", "Lukas", "Chloe", "Mateo", "Hannah", "Wei", "Fatima", "Oliver", "Grace", "Kenji", "Ingrid",
	"Samuel", "Olivia", "Noah", "Amara", "Pierre", "Lucia", "Jonas", "Yuki", "Carlos", "Emma", "Ahmed", "Zoe"}
var lastNames = []string{"Smith", "Garcia", "Johnson", "Müller", "Brown", "Rossi", "Nguyen", "Kowalski", "Okafor",
	"Anderson", "Dubois", "Patel", "Schmidt", "Martin", "Tanaka", "Silva", "Novak", "Larsen", "O'Brien", "Haddad",
	"Fischer", "Moreau", "Kim", "Jensen", "Lopez", "Becker", "Walker", "Hughes", "Ivanova", "Chen"}
var companyHeads = []string{"Northwind", "Bluepeak", "Cedar", "Harbor", "Summit", "Brightline", "Ironwood", "Lakeside",
	"Meridian", "Redstone", "Silverleaf", "Evergreen", "Orion", "Keystone", "Pinecrest", "Atlas", "Granite", "Vista"}
var companyTails = []string{"Logistics", "Supply Co.", "Consulting", "Systems", "Industries", "Partners", "Labs",
	"Manufacturing", "Trading GmbH", "Solutions Ltd", "Foods", "Analytics", "Design Studio", "Electric", "Holdings Inc."}
var streets = []string{"Maple", "Oak", "Pine", "Elm", "Washington", "Lake", "Hill", "Park", "Main", "Cedar", "River",
	"Sunset", "Mill", "Church", "High", "King", "Station", "Bahnhof", "Victoria", "Willow"}
var streetKinds = []string{"Street", "Avenue", "Road", "Blvd", "Lane", "Drive", "Way", "Court"}
var usCities = [][3]string{{"Springfield", "IL", "627"}, {"Austin", "TX", "787"}, {"Portland", "OR", "972"},
	{"Denver", "CO", "802"}, {"Columbus", "OH", "432"}, {"Raleigh", "NC", "276"}, {"Madison", "WI", "537"},
	{"Tucson", "AZ", "857"}, {"Boston", "MA", "021"}, {"Sacramento", "CA", "958"}}
var euCities = [][2]string{{"Berlin", "DE"}, {"Munich", "DE"}, {"Paris", "FR"}, {"Lyon", "FR"}, {"Madrid", "ES"},
	{"Milan", "IT"}, {"Amsterdam", "NL"}, {"Vienna", "AT"}, {"Brussels", "BE"}, {"Dublin", "IE"}}

func (g g) person() string { return g.pick(firstNames...) + " " + g.pick(lastNames...) }
func (g g) company() string {
	return g.pick(companyHeads...) + " " + g.pick(companyTails...)
}
func (g g) street() string {
	return fmt.Sprintf("%d %s %s", g.n(1, 9800), g.pick(streets...), g.pick(streetKinds...))
}

// address returns a postal address over lines, US or European.
func (g g) address() []string {
	if g.chance(0.65) {
		c := usCities[g.r.IntN(len(usCities))]
		lines := []string{g.street()}
		if g.chance(0.3) {
			lines = append(lines, g.pick("Suite", "Apt", "Unit", "Floor")+" "+fmt.Sprint(g.n(1, 900)))
		}
		return append(lines, fmt.Sprintf("%s, %s %s%s", c[0], c[1], c[2], g.digits(2)))
	}
	c := euCities[g.r.IntN(len(euCities))]
	return []string{fmt.Sprintf("%s %d", g.pick("Hauptstraße", "Rue de la Paix", "Calle Mayor", "Via Roma", "Keizersgracht", "Ringstraße", "Grand Place"), g.n(1, 200)),
		fmt.Sprintf("%s %s", g.digits(5), c[0]), countryName(c[1])}
}

func countryName(cc string) string {
	return map[string]string{"DE": "Germany", "FR": "France", "ES": "Spain", "IT": "Italy", "NL": "Netherlands",
		"AT": "Austria", "BE": "Belgium", "IE": "Ireland"}[cc]
}

var base = time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)

func (g g) date() time.Time { return base.AddDate(0, 0, g.r.IntN(900)) }
func (g g) dob() time.Time {
	return time.Date(g.n(1940, 2004), time.Month(g.n(1, 12)), g.n(1, 28), 0, 0, 0, 0, time.UTC)
}

// fmtDate formats t in one of several common layouts.
func (g g) fmtDate(t time.Time) string {
	return t.Format(g.pick("01/02/2006", "2006-01-02", "January 2, 2006", "02.01.2006", "Jan 2, 2006", "2 January 2006", "02/01/2006"))
}

// money formats an amount in US or European style with a currency.
type money struct {
	sym  string
	euro bool
}

func (g g) currency() money {
	switch g.r.IntN(5) {
	case 0, 1, 2:
		return money{sym: "$"}
	case 3:
		return money{sym: "EUR", euro: true}
	default:
		return money{sym: "£"}
	}
}

func (m money) f(v float64) string {
	cents := int64(v*100 + 0.5)
	whole, frac := cents/100, cents%100
	s := fmt.Sprint(whole)
	var groups []string
	for len(s) > 3 {
		groups = append([]string{s[len(s)-3:]}, groups...)
		s = s[:len(s)-3]
	}
	groups = append([]string{s}, groups...)
	if m.euro {
		return fmt.Sprintf("EUR %s,%02d", strings.Join(groups, "."), frac)
	}
	return fmt.Sprintf("%s%s.%02d", m.sym, strings.Join(groups, ","), frac)
}

func (g g) email(name string) string {
	parts := strings.Fields(strings.ToLower(name))
	user := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r == '.' {
			return r
		}
		return -1
	}, strings.Join(parts, g.pick(".", "_", "")))
	return user + "@" + g.pick("example.com", "mail.example.org", "corp.example.net", "inbox.example.io")
}

func (g g) phone() string {
	switch g.r.IntN(4) {
	case 0:
		return fmt.Sprintf("(%d) %s-%s", g.n(201, 989), g.digits(3), g.digits(4))
	case 1:
		return fmt.Sprintf("%d-%s-%s", g.n(201, 989), g.digits(3), g.digits(4))
	case 2:
		return fmt.Sprintf("+49 %d %s %s", g.n(30, 89), g.digits(4), g.digits(4))
	default:
		return fmt.Sprintf("+1 %d %s %s", g.n(201, 989), g.digits(3), g.digits(4))
	}
}

// ssn returns a well-formed US SSN.
func (g g) ssn() string {
	area := g.n(1, 665)
	return fmt.Sprintf("%03d-%02d-%04d", area, g.n(1, 99), g.n(1, 9999))
}

// iban returns a valid German or French style IBAN, grouped by four.
func (g g) iban() string {
	cc, bban := "DE", g.digits(18)
	if g.chance(0.4) {
		cc, bban = "FR", g.digits(23)
	}
	check := 98 - mod97(bban+cc+"00")
	raw := fmt.Sprintf("%s%02d%s", cc, check, bban)
	var out []string
	for i := 0; i < len(raw); i += 4 {
		out = append(out, raw[i:min(i+4, len(raw))])
	}
	return strings.Join(out, " ")
}

func mod97(s string) int {
	r := 0
	for _, c := range s {
		var v int
		if c >= 'A' && c <= 'Z' {
			v = int(c-'A') + 10
			r = (r*100 + v) % 97
			continue
		}
		v = int(c - '0')
		r = (r*10 + v) % 97
	}
	return r
}

// card returns a Luhn-valid Visa-like card number.
func (g g) card() string {
	d := "4" + g.digits(14)
	sum := 0
	for i := len(d) - 1; i >= 0; i-- {
		v := int(d[i] - '0')
		if (len(d)-i)%2 == 1 {
			v *= 2
			if v > 9 {
				v -= 9
			}
		}
		sum += v
	}
	d += fmt.Sprint((10 - sum%10) % 10)
	return d[0:4] + " " + d[4:8] + " " + d[8:12] + " " + d[12:16]
}

type item struct {
	desc  string
	qty   int
	price float64
}

var goods = []string{"Printer paper A4, 500 sheets", "Toner cartridge black", "Office chair ergonomic", "USB-C docking station",
	"Stainless steel bolts M8 (box of 100)", "Hydraulic pump assembly", "LED panel 60x60", "Safety gloves, size L",
	"Laptop 14\" 16GB RAM", "Consulting services (hours)", "Software license, annual", "Cloud hosting, monthly",
	"Copper wire 2.5mm, 100m", "Pallet wrap film", "Coffee beans 1kg", "Cleaning supplies bundle", "Network switch 24-port",
	"Industrial adhesive 5L", "Web design (hours)", "Maintenance visit", "Shipping and handling", "Monitor 27\" 4K"}
var groceries = []string{"Whole milk 1L", "Sourdough bread", "Bananas 1.2 lb", "Free range eggs 12", "Cheddar cheese",
	"Orange juice", "Chicken breast", "Pasta 500g", "Tomatoes", "Olive oil", "Greek yogurt", "Apples gala", "Ground coffee",
	"Rice 2kg", "Dish soap", "Paper towels", "Spinach", "Butter unsalted"}
var dishes = []string{"Caesar salad", "Margherita pizza", "Cheeseburger", "Iced tea", "Espresso", "Pad thai",
	"Grilled salmon", "House red (glass)", "Tiramisu", "Soup of the day", "Fish tacos", "Lemonade"}

func (g g) items(from []string, k int, lo, hi float64) []item {
	its := make([]item, k)
	for i := range its {
		its[i] = item{desc: from[g.r.IntN(len(from))], qty: g.n(1, 12), price: lo + g.r.Float64()*(hi-lo)}
		its[i].price = float64(int(its[i].price*100)) / 100
	}
	return its
}

func total(its []item) float64 {
	var t float64
	for _, it := range its {
		t += float64(it.qty) * it.price
	}
	return float64(int(t*100+0.5)) / 100
}

// table renders items in one of several layouts.
func (g g) table(its []item, m money) []string {
	var out []string
	switch g.r.IntN(3) {
	case 0:
		out = append(out, fmt.Sprintf("%-40s %5s %14s %14s", "Description", "Qty", "Unit price", "Amount"))
		for _, it := range its {
			out = append(out, fmt.Sprintf("%-40s %5d %14s %14s", it.desc, it.qty, m.f(it.price), m.f(float64(it.qty)*it.price)))
		}
	case 1:
		out = append(out, "Item | Quantity | Price | Line total")
		for i, it := range its {
			out = append(out, fmt.Sprintf("%d. %s | %d | %s | %s", i+1, it.desc, it.qty, m.f(it.price), m.f(float64(it.qty)*it.price)))
		}
	default:
		for _, it := range its {
			out = append(out, fmt.Sprintf("%d x %s @ %s = %s", it.qty, it.desc, m.f(it.price), m.f(float64(it.qty)*it.price)))
		}
	}
	return out
}
