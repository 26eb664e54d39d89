package pii

import (
	"reflect"
	"testing"
)

func kinds(fs []Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Kind)
	}
	return out
}

func TestFind(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"ssn formatted", "Employee SSN 123-45-6789 on file", []string{SSN}},
		{"ssn area 000", "ref 000-12-3456", []string{}},
		{"ssn area 666", "ref 666-12-3456", []string{}},
		{"ssn area 9xx", "ref 912-34-5678", []string{}},
		{"ssn group 00", "ref 123-00-4567", []string{}},
		{"ssn serial 0000", "ref 123-45-0000", []string{}},
		{"ssn bare with label", "Social security number: 123456789", []string{SSN}},
		// Found from outside: an SSN with spaced dashes, under its label.
		{"ssn spaced dashes after its label", "SSN: 392 - 47 - 1185", []string{SSN}},
		{"ssn spaced dashes, label above", "Social Security Number\n392 - 47 - 1185", []string{SSN}},
		{"ssn spaced dashes, label and hint above", "Social Security No.:\n  392 - 47 - 1185", []string{SSN}},
		{"ssn spaced dashes in its column", "Employee        SSN\nR. Diaz         392 - 47 - 1185", []string{SSN}},
		{"ssn with en dashes", "ref 392–47–1185", []string{SSN}},
		{"spaced dashes without a label", "Pages 392 - 47 - 1185", []string{}},
		{"spaced dashes under another label", "Order no.\n392 - 47 - 1185", []string{}},
		{"spaced dashes, invalid area", "SSN: 912 - 47 - 1185", []string{}},
		{"spaced dashes glued to a code", "SSN: A392 - 47 - 1185", []string{}},
		{"nine digits without label", "Order 123456789 shipped", []string{}},
		{"iban valid DE", "IBAN DE89 3704 0044 0532 0130 00", []string{IBAN}},
		{"iban valid GB compact", "pay to GB82WEST12345698765432 today", []string{IBAN}},
		{"iban bad check digits", "IBAN DE89 3704 0044 0532 0130 01", []string{}},
		{"iban wrong length for country", "IBAN DE89 3704 0044 0532 0130", []string{}},
		{"card visa spaced", "Card 4111 1111 1111 1111 exp 12/27", []string{PaymentCard}},
		{"card mastercard dashed", "5500-0000-0000-0004", []string{PaymentCard}},
		{"card amex 4-6-5", "AMEX 3782 822463 10005", []string{PaymentCard}},
		// Found from outside (seventy-fifth trial): an Indonesian NIK
		// that passes the Luhn check.
		{"a nik of a card's shape", "NIK - 3671052207910004", []string{NationalID}},
		{"order number failing luhn", "Order no. 4111 1111 1111 1112", []string{}},
		{"tracking number unknown issuer", "Tracking 1234 5678 9012 3456", []string{}},
		{"luhn valid but no issuer", "Ref 0000 0000 0000 0000", []string{}},
		{"email", "Write to jane.doe@example.com.", []string{Email}},
		{"not an email", "user@localhost or @handle", []string{}},
		{"email with accented letters (IDN, or OCR)", "orders@suinrisédairy.example, (402)", []string{Email}},
		{"email with a space before the at sign (OCR)", "Minutes taken by M. Osei, secretary @larkfieldallotments.example", []string{Email}},
		{"a handle after a short word is no email", "follow us @docket.example", []string{}},
		{"email glued to digits", "x@example.com2", []string{}},
		{"phone us parens", "Call (415) 555-2671", []string{Phone}},
		{"phone international", "Tel +49 30 1234 5678", []string{Phone}},
		{"phone dashed", "415-555-2671", []string{Phone}},
		{"phone after upper-case label", "TEL (415) 555-2671", []string{Phone}},
		{"iso date is not a phone", "Date 2024-01-15", []string{}},
		{"amount is not a phone", "Total 12.345.678", []string{}},
		{"dob labelled", "Date of birth: 17 Sep 1973", []string{DateOfBirth}},
		{"dob abbreviation", "DOB 01/02/1980", []string{DateOfBirth}},
		{"born on", "born on March 3, 1975", []string{DateOfBirth}},
		{"plain date is not dob", "Date: 01/02/1980", []string{}},
		{"several kinds in order", "jane@example.org 123-45-6789 4111111111111111", []string{SSN, PaymentCard, Email}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := kinds(Find(tt.text)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Find(%q) kinds = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}

func TestFindingCountsAndDetailHideValue(t *testing.T) {
	text := "SSN 123-45-6789 and spouse 234-56-7890"
	fs := Find(text)
	if len(fs) != 1 || fs[0].Kind != SSN || fs[0].Count != 2 || fs[0].First != 4 {
		t.Fatalf("Find = %+v, want one ssn finding, count 2, first at 4", fs)
	}
	if got, want := fs[0].Detail(), "2 occurrence(s), first at byte 4"; got != want {
		t.Errorf("Detail = %q, want %q", got, want)
	}
}

func TestChecksums(t *testing.T) {
	tests := []struct {
		name string
		fn   func(string) bool
		in   string
		want bool
	}{
		{"luhn valid", Luhn, "79927398713", true},
		{"luhn invalid", Luhn, "79927398710", false},
		{"iban FR valid", ValidIBAN, "FR14 2004 1010 0505 0001 3M02 606", true},
		{"iban unknown country", ValidIBAN, "XX89 3704 0044 0532 0130 00", false},
		{"iban lowercase accepted", ValidIBAN, "de89370400440532013000", true},
		{"card too short", ValidCard, "4111 1111 1111", false},
		{"card discover", ValidCard, "6011 1111 1111 1117", true},
		{"ssn valid", ValidSSN, "123456789", true},
		{"ssn letters", ValidSSN, "12345678a", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.fn(tt.in); got != tt.want {
				t.Errorf("%s(%q) = %v, want %v", tt.name, tt.in, got, tt.want)
			}
		})
	}
}
