package extract

import (
	"fmt"
	"strings"
	"testing"
)

func TestReadColumns(t *testing.T) {
	// side by side puts left and right at 50 characters apart, as
	// pdftotext -layout does.
	side := func(rows ...[2]string) string {
		var b []string
		for _, r := range rows {
			b = append(b, strings.TrimRight(fmt.Sprintf("%-50s%s", r[0], r[1]), " "))
		}
		return strings.Join(b, "\n")
	}
	twoColumns := side(
		[2]string{"HARBOUR ROWING CLUB", "Boats go out at eight on"},
		[2]string{"Newsletter for members, spring issue", "Saturdays when the tide allows,"},
		[2]string{"", "and the coach decides by seven."},
		[2]string{"FROM THE CAPTAIN", ""},
		[2]string{"", "Subscriptions are due by the end"},
		[2]string{"The new season starts with the regatta", "of March and can be paid at the"},
		[2]string{"on the river, and every crew is welcome", "bar or by transfer to the club."},
		[2]string{"to enter at least one of the races.", ""},
		[2]string{"Training is on Tuesday and Thursday", "Bar: Friday evenings from six"},
		[2]string{"evenings, and the boathouse opens at six.", "Secretary: Jo Marsh, on the board"},
	) + "\n\n" + strings.Repeat(" ", 71) + "Page 1 of 1"
	got := readColumns(twoColumns)
	for _, seq := range []string{
		"HARBOUR ROWING CLUB\nNewsletter for members, spring issue\n\nFROM THE CAPTAIN",
		"on the river, and every crew is welcome\nto enter at least one of the races.",
		"Boats go out at eight on\nSaturdays when the tide allows,\nand the coach decides by seven.",
	} {
		if !strings.Contains(got, seq) {
			t.Errorf("two columns: %q not in\n%s", seq, got)
		}
	}
	if strings.Index(got, "evenings, and the boathouse opens at six.") > strings.Index(got, "Boats go out") {
		t.Errorf("the right column comes before the end of the left one:\n%s", got)
	}
	if !strings.HasSuffix(got, "Page 1 of 1") {
		t.Errorf("the footer moved:\n%s", got)
	}

	unchanged := map[string]string{
		"an invoice's table": strings.Join([]string{
			"Description                          Qty      Unit price       Amount",
			"Oak dining table, seats six            1          850.00       850.00",
			"Upholstered dining chair               6          120.00       720.00",
			"Delivery and assembly on site          1           60.00        60.00",
			"Protective felt pads, pack of 20       2            4.50         9.00",
			"Extended warranty, two years           1           45.00        45.00",
			"Removal of old furniture               1           35.00        35.00",
			"                                          Total due         1,719.00",
		}, "\n"),
		"a form's labels and values": strings.Join([]string{
			"Policy holder          Margaret Anne Collins of Leeds",
			"Policy number          HX 4471 2290 and the old number",
			"Date of loss           14 March 2027 in the evening",
			"Place of loss          the kitchen at 12 Elm Road",
			"Cause                  a burst pipe under the sink",
			"Estimated cost         a new floor and two cabinets",
			"Reported to            the landlord and the police",
		}, "\n"),
		"a line across the gutter": side(
			[2]string{"The new season starts with the regatta", "of March and can be paid at the"},
			[2]string{"on the river, and every crew is welcome", "bar or by transfer to the club."},
			[2]string{"to enter at least one of the races and then a long line runs right across", ""},
			[2]string{"Training is on Tuesday and Thursday", "Bar: Friday evenings from six"},
			[2]string{"evenings, and the boathouse opens at six.", "Secretary: Jo Marsh, on the board"},
			[2]string{"The new season starts with the regatta", "of March and can be paid at the"},
			[2]string{"on the river, and every crew is welcome", "bar or by transfer to the club."},
		),
	}
	// A sentence across the gutter with one space at it: 49 characters
	// on the left, the 50th a space.
	unchanged["a sentence across the gutter, one space at it"] = side(
		[2]string{"The new season starts with the regatta", "of March and can be paid at the"},
		[2]string{"on the river, and every crew is welcome", "bar or by transfer to the club."},
		[2]string{"to enter at least one of the races, and then more", "words run on across the page."},
		[2]string{"Training is on Tuesday and Thursday", "Bar: Friday evenings from six"},
		[2]string{"evenings, and the boathouse opens at six.", "Secretary: Jo Marsh, on the board"},
		[2]string{"The new season starts with the regatta", "of March and can be paid at the"},
		[2]string{"on the river, and every crew is welcome", "bar or by transfer to the club."},
	)
	for name, page := range unchanged {
		if got := readColumns(page); got != page {
			t.Errorf("%s changed:\n%s", name, got)
		}
	}
}
