package events

import "testing"

func TestScoreTextCutsToTwoDecimals(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{0.7489, "0.74"},
		{0.7781, "0.77"},
		{0.75, "0.75"},
		{0.29, "0.29"}, // 0.29*100 is 28.999…: the epsilon keeps it 0.29
		{1, "1.00"},
		{0, "0.00"},
	} {
		if got := ScoreText(c.in); got != c.want {
			t.Errorf("ScoreText(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
