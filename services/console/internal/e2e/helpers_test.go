package e2e

import (
	"context"
	"encoding/json"

	"github.com/chromedp/chromedp"
)

// jsDo runs a statement in the page.
func jsDo(ctx context.Context, expr string) error {
	_, err := chromedp.Run(ctx, chromedp.Evaluate[any](expr))
	return err
}

// jsAwait evaluates an expression that gives a promise of a string; "" on
// any failure (callers poll).
func jsAwait(ctx context.Context, expr string) string {
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		return ""
	}
	return s
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }
