// Package e2e drives the web console in a real headless browser (Debian's
// chromium over the DevTools protocol) against the whole suite running as
// separate processes.
package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/go-pdf/fpdf"
)

// textPDF renders lines into a one-page PDF with a text layer.
func textPDF(t *testing.T, lines []string) []byte {
	t.Helper()
	p := fpdf.New("P", "mm", "A4", "")
	p.AddPage()
	p.SetFont("Helvetica", "", 12)
	for _, l := range lines {
		p.CellFormat(0, 8, l, "", 1, "L", false, 0, "")
	}
	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

var receipt = []byte(`RECEIPT
Corner Coffee Roasters
Receipt number: R-88213
Date: 2026-11-03  Time: 08:42
Cashier: Maria
1 x Flat white            4.20
1 x Almond croissant      3.60
Subtotal                  7.80
Sales tax                 0.62
Total paid                8.42 USD
Paid by: card ending 4242
Thank you for your visit. Keep this receipt for returns within 14 days.
`)

var bigInvoice = []string{
	"INVOICE",
	"Invoice number: INV-2026-0042",
	"Invoice date: 2026-11-03   Due date: 2026-12-03",
	"Bill to: Northwind Traders, 12 Harbour Road, Portsmouth",
	"Contact: billing@northwind.example",
	"Description                     Qty   Unit price     Amount",
	"Consulting services, October    10    6,600.00       66,000.00",
	"Subtotal: 66,000.00 USD",
	"Tax: 0.00 USD",
	"Total due: 66,000.00 USD",
	"Payment terms: net 30 days. Please pay by bank transfer.",
	"IBAN DE89 3704 0044 0532 0130 00",
}

// TestConsoleEndToEnd signs in and, in the browser: watches a submitted
// document appear and complete live; claims a review, sees its page image
// and text, corrects the type and sees the ledger record; replays a
// parked item; cancels a running workflow; and checks that a tenant cannot
// see another tenant's workflow. It saves screenshots to docs/console/.
func TestConsoleEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the suite as processes and a browser; skipped with -short")
	}
	for _, bin := range []string{"tesseract", "pdftoppm", "pdftotext", "pdfunite", "chromium"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Fatalf("%s not found on PATH: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils chromium", bin)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 12*time.Minute)
	defer cancel()
	s := startStack(t, ctx)
	b := browser(t, ctx)

	var acmeWorkflows []string

	t.Run("submit and watch it complete live", func(t *testing.T) {
		signIn(t, b, s, operatorToken)
		waitJS(t, b, "live stream open", `document.querySelector('#live.on')`, 20*time.Second)
		// A marker that a reload or navigation would wipe.
		if err := jsDo(b, `window.__noReload = 1`); err != nil {
			t.Fatal(err)
		}
		wf := s.submit(ctx, acmeKey, "coffee-receipt.txt", receipt)
		acmeWorkflows = append(acmeWorkflows, wf)
		row := fmt.Sprintf(`document.querySelector('tr[data-id=%q]')`, wf)
		waitJS(t, b, "new workflow's row appears", row, 30*time.Second)
		waitJS(t, b, "row turns completed", row+`.dataset.status === 'completed'`, 2*time.Minute)
		waitJS(t, b, "file name filled in", row+`.querySelector('.file').textContent === 'coffee-receipt.txt'`, 20*time.Second)
		if got := evalString(t, b, `String(window.__noReload)`); got != "1" {
			t.Fatalf("the page reloaded (marker %q): the list must update live", got)
		}
		t.Logf("workflow %s appeared and completed live: %s", wf, evalString(t, b, row+`.innerText`))
		screenshot(t, b, "workflows")
		// Filters: status, and search by file name.
		if err := filter(b, `q.value = 'coffee-rec'`); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "search by file name", `sessionStorage.getItem('wf-filters') === 'q=coffee-rec' && (() => { const rs = [...document.querySelectorAll('#wf-rows tr')]; return rs.length === 1 && rs[0].querySelector('.file').textContent === 'coffee-receipt.txt'; })()`, 20*time.Second)
		if err := filter(b, fmt.Sprintf(`q.value = %q`, wf)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "search by id", fmt.Sprintf(`(() => { const rs = [...document.querySelectorAll('#wf-rows tr')]; return rs.length === 1 && rs[0].dataset.id === %q; })()`, wf), 20*time.Second)
		if err := filter(b, `q.value = ''; st.value = 'running'`); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "status filter", fmt.Sprintf(`!document.querySelector('tr[data-id=%q]') && [...document.querySelectorAll('#wf-rows tr')].every(r => r.dataset.status === 'running')`, wf), 20*time.Second)
		// The document type filter runs in the tracker: every row it
		// gives is of that type, this receipt among them.
		if err := filter(b, `st.value = ''; document.querySelector('#f-type').value = 'invoice'`); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "type filter excludes", fmt.Sprintf(`sessionStorage.getItem('wf-filters') === 'type=invoice' && !document.querySelector('tr[data-id=%q]') && [...document.querySelectorAll('#wf-rows tr')].every(r => r.querySelector('.type').textContent === 'invoice')`, wf), 20*time.Second)
		if err := filter(b, `document.querySelector('#f-type').value = 'receipt'`); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "type filter includes", fmt.Sprintf(`document.querySelector('tr[data-id=%q]') && [...document.querySelectorAll('#wf-rows tr')].every(r => r.querySelector('.type').textContent === 'receipt')`, wf), 20*time.Second)
		if err := filter(b, `document.querySelector('#f-type').value = ''`); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "filters cleared", fmt.Sprintf(`document.querySelector('tr[data-id=%q]')`, wf), 20*time.Second)
	})

	t.Run("claim a review, correct the type, see the ledger record", func(t *testing.T) {
		wf := s.submit(ctx, acmeKey, "northwind-invoice.pdf", textPDF(t, bigInvoice))
		acmeWorkflows = append(acmeWorkflows, wf)
		s.waitIngestStatus(ctx, acmeKey, wf, "waiting_review")
		signIn(t, b, s, reviewerToken)
		if err := chromedp.Do(b, chromedp.Navigate(s.url("#/reviews"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "review queue lists the task", `document.querySelector('#review-table')`, 30*time.Second)
		task := ""
		deadline := time.Now().Add(30 * time.Second)
		for task == "" && time.Now().Before(deadline) {
			task = jsAwait(b, fmt.Sprintf(`fetch('/api/reviews').then(r => r.json()).then(d => (d.tasks.find(x => x.workflow_id === %q) || {}).id || '')`, wf))
			time.Sleep(300 * time.Millisecond)
		}
		if task == "" {
			t.Fatalf("no review task for workflow %s", wf)
		}
		if err := chromedp.Do(b, chromedp.Navigate(s.url("#/reviews/"+task))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "task page", `document.querySelector('#claim') && document.activeElement && document.activeElement.tagName === 'H1'`, 20*time.Second)
		rule := evalString(t, b, `document.querySelector('#rule').innerText`)
		if !strings.Contains(rule, "66000") && !strings.Contains(rule, "66,000") && !strings.Contains(rule, "confidence") {
			t.Errorf("the rule in words does not say why: %q", rule)
		}
		// Keyboard only: C claims.
		if err := chromedp.Do(b, chromedp.KeyEvent("c")); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "lease countdown", `/Your lease: .* left/.test(document.querySelector('#lease').textContent)`, 20*time.Second)
		lease1 := evalString(t, b, `document.querySelector('#lease').textContent`)
		waitJS(t, b, "page image shown", `(() => { const i = document.querySelector('#review-pages img'); return i && i.complete && i.naturalWidth > 100; })()`, 60*time.Second)
		waitJS(t, b, "extracted text beside it", `document.querySelector('#review-pages pre') && document.querySelector('#review-pages pre').textContent.includes('Total due')`, 20*time.Second)
		waitJS(t, b, "amount highlighted", `[...document.querySelectorAll('#review-pages mark.amount')].some(m => m.textContent.includes('66,000.00'))`, 5*time.Second)
		waitJS(t, b, "PII highlighted and masked", `[...document.querySelectorAll('#review-pages mark.pii')].some(m => m.textContent.includes('•'))`, 5*time.Second)
		if txt := evalString(t, b, `document.querySelector('#review-pages pre').textContent`); strings.Contains(txt, "billing@northwind") || strings.Contains(txt, "DE89 3704") {
			t.Errorf("PII shown unmasked: %q", txt)
		}
		time.Sleep(1100 * time.Millisecond)
		if lease2 := evalString(t, b, `document.querySelector('#lease').textContent`); lease2 == lease1 {
			t.Errorf("lease countdown does not move: %q", lease2)
		}
		suggested := evalString(t, b, `document.querySelector('#correct-type').value`)
		corrected := "purchase_order"
		if suggested == corrected {
			corrected = "contract"
		}
		screenshot(t, b, "review")
		if err := chromedp.Do(b, chromedp.SetValue(chromedp.ID("correct-type"), corrected), chromedp.Focus(chromedp.CSS("h1")), chromedp.KeyEvent("t")); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "decided", `document.querySelector('#review-status').textContent.startsWith('Decided: corrected')`, 20*time.Second)
		if err := chromedp.Do(b, chromedp.Navigate(s.url("#/workflows/"+wf))); err != nil {
			t.Fatal(err)
		}
		want := strings.ReplaceAll(corrected, "_", " ")
		waitJS(t, b, "ledger record with the corrected type", fmt.Sprintf(`document.querySelector('#ledger-decision') && document.querySelector('#ledger-decision').textContent.includes(%q)`, want), 2*time.Minute)
		waitJS(t, b, "ledger record verifies", `document.querySelector('#ledger-verify').textContent.startsWith('✔') && document.querySelector('#ledger-verify').textContent.includes('Ed25519 signature verifies')`, 10*time.Second)
		waitJS(t, b, "page image on the workflow page", `(() => { const i = document.querySelector('#pages img'); return i && i.complete && i.naturalWidth > 100; })()`, 60*time.Second)
		t.Logf("ledger: %s | %s", evalString(t, b, `document.querySelector('#ledger-decision').textContent`), evalString(t, b, `document.querySelector('#ledger-verify').textContent`))
		if hist := evalString(t, b, `document.querySelector('#history').textContent`); !strings.Contains(hist, "type corrected from "+suggested+" to "+corrected) && !strings.Contains(hist, "approved "+corrected) {
			t.Errorf("the history does not show the correction: %s", hist)
		}
		screenshot(t, b, "workflow")
		// Readable at 200% zoom: a 1400 px window at twice the scale is a
		// 700 CSS px viewport; nothing may need sideways scrolling but the
		// tables' own scroll boxes.
		if err := chromedp.Do(b, chromedp.EmulateViewport(700, 1000, chromedp.EmulateScale(2))); err != nil {
			t.Fatal(err)
		}
		for _, page := range []string{"#/workflows/" + wf, "#/reviews", "#/workflows"} {
			if err := chromedp.Do(b, chromedp.Navigate(s.url(page))); err != nil {
				t.Fatal(err)
			}
			waitJS(t, b, page+" rendered", `document.querySelector('main h1') && !document.querySelector('main').textContent.startsWith('Loading')`, 20*time.Second)
			time.Sleep(300 * time.Millisecond)
			if w := evalString(t, b, `document.documentElement.scrollWidth + ' ' + window.innerWidth`); func() bool { var a, c int; fmt.Sscan(w, &a, &c); return a > c+1 }() {
				t.Errorf("%s at 200%% zoom is wider than the window (scrollWidth, innerWidth: %s)", page, w)
			}
		}
		// Back to the window's own size (a reset alone leaves 700 px).
		if err := chromedp.Do(b, chromedp.EmulateViewport(1400, 1000)); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("replay a parked item", func(t *testing.T) {
		wf := s.submit(ctx, acmeKey, "broken-scan.pdf", []byte("%PDF-1.7\n1 this is not a pdf body at all\n"))
		acmeWorkflows = append(acmeWorkflows, wf)
		var parked struct {
			Items []struct {
				ID   string `json:"id"`
				Kind string `json:"kind"`
			} `json:"items"`
		}
		id := ""
		deadline := time.Now().Add(2 * time.Minute)
		for id == "" && time.Now().Before(deadline) {
			apiGet(ctx, t, "http://"+s.exception+"/v1/parked?workflow="+wf, operatorToken, &parked)
			for _, it := range parked.Items {
				if it.Kind == "dead_letter" {
					id = it.ID
				}
			}
			time.Sleep(300 * time.Millisecond)
		}
		if id == "" {
			t.Fatalf("workflow %s was not parked: %+v", wf, parked)
		}
		signIn(t, b, s, operatorToken)
		if err := chromedp.Do(b, chromedp.Navigate(s.url("#/dlq"))); err != nil {
			t.Fatal(err)
		}
		row := fmt.Sprintf(`document.querySelector('tr[data-parked=%q]')`, id)
		waitJS(t, b, "parked item listed", row, 20*time.Second)
		waitJS(t, b, "breakers shown", `document.querySelectorAll('#breakers li').length > 0`, 10*time.Second)
		if err := chromedp.Do(b, chromedp.Click(chromedp.CSS(fmt.Sprintf(`tr[data-parked=%q] button`, id)))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "detail with source and payload", `document.querySelector('#parked-source') && document.querySelector('#payload').textContent.length > 0`, 20*time.Second)
		src := evalString(t, b, `document.querySelector('#parked-source').textContent`)
		if !strings.Contains(src, "docket.document.submitted") || !strings.Contains(src, "offset") {
			t.Errorf("source %q: want the topic, partition and offset", src)
		}
		t.Logf("parked %s: %s; payload starts %q", id, src, evalString(t, b, `document.querySelector('#payload').textContent.slice(0, 80)`))
		screenshot(t, b, "dead-letters")
		if err := chromedp.Do(b, chromedp.Click(chromedp.ID("parked-replay"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "confirmation dialog", `document.querySelector('#confirm').open`, 5*time.Second)
		if err := chromedp.Do(b, chromedp.SendKeys(chromedp.ID("confirm-reason"), "parser fixed"), chromedp.Click(chromedp.ID("confirm-yes"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "item gone from the list", "!"+row, 20*time.Second)
		var h struct {
			History []struct {
				Summary string `json:"summary"`
			} `json:"history"`
		}
		found := false
		deadline = time.Now().Add(30 * time.Second)
		for !found && time.Now().Before(deadline) {
			out := jsAwait(b, fmt.Sprintf(`fetch('/api/workflows/%s').then(r => r.text())`, wf))
			_ = jsonUnmarshal(out, &h)
			for _, e := range h.History {
				if strings.Contains(e.Summary, "replayed") {
					found = true
					t.Logf("history: %s", e.Summary)
				}
			}
			time.Sleep(300 * time.Millisecond)
		}
		if !found {
			t.Errorf("the replay is not in the workflow's history: %+v", h.History)
		}
	})

	t.Run("cancel a running workflow", func(t *testing.T) {
		scanned := filepath.Join("..", "..", "..", "ocr", "testdata", "scanned.pdf")
		long := filepath.Join(s.dir, "long.pdf")
		args := []string{}
		for range 20 {
			args = append(args, scanned)
		}
		if out, err := exec.Command("pdfunite", append(args, long)...).CombinedOutput(); err != nil {
			t.Fatalf("pdfunite: %v: %s", err, out)
		}
		body, err := os.ReadFile(long)
		if err != nil {
			t.Fatal(err)
		}
		wf := s.submit(ctx, acmeKey, "sixty-page-scan.pdf", body)
		acmeWorkflows = append(acmeWorkflows, wf)
		s.waitIngestStatus(ctx, acmeKey, wf, "running", "queued")
		if err := chromedp.Do(b, chromedp.Navigate(s.url("#/workflows/"+wf))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "OCR progress shown", `document.querySelector('#ocr-progress')`, 90*time.Second)
		t.Logf("before cancel: %s", evalString(t, b, `document.querySelector('#explanation').textContent`))
		if err := chromedp.Do(b, chromedp.Click(chromedp.ID("cancel"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "confirmation dialog", `document.querySelector('#confirm').open`, 5*time.Second)
		// The reason is required: confirming without one is refused.
		if err := chromedp.Do(b, chromedp.Click(chromedp.ID("confirm-yes"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "reason required", `document.querySelector('#confirm-error').textContent !== ''`, 5*time.Second)
		if err := chromedp.Do(b, chromedp.SendKeys(chromedp.ID("confirm-reason"), "wrong file uploaded"), chromedp.Click(chromedp.ID("confirm-yes"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "workflow shows canceled (live)", `document.querySelector('#wf-status') && document.querySelector('#wf-status').textContent.includes('canceled')`, 90*time.Second)
		t.Logf("after cancel: %s", evalString(t, b, `document.querySelector('#explanation').textContent`))
	})

	t.Run("erase a completed workflow", func(t *testing.T) {
		signIn(t, b, s, operatorToken)
		wf := acmeWorkflows[0] // the coffee receipt, completed
		if err := chromedp.Do(b, chromedp.Navigate(s.url("#/workflows/"+wf))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "Correct and Erase offered to an operator", `document.querySelector('#correct') && document.querySelector('#erase')`, 20*time.Second)
		if err := chromedp.Do(b, chromedp.Click(chromedp.ID("erase"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "confirmation dialog", `document.querySelector('#confirm').open`, 5*time.Second)
		if err := chromedp.Do(b, chromedp.SendKeys(chromedp.ID("confirm-reason"), "the customer asked (art. 17)"), chromedp.Click(chromedp.ID("confirm-yes"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "workflow shows erased (live)", `document.querySelector('#wf-erased') && document.querySelector('#wf-file').textContent === '—'`, 60*time.Second)
		waitJS(t, b, "Erase no longer offered", `!document.querySelector('#erase') && !document.querySelector('#correct')`, 10*time.Second)
		deadline := time.Now().Add(60 * time.Second)
		for code := ""; code != "404"; code = jsAwait(b, fmt.Sprintf(`fetch('/api/workflows/%s/text').then(r => String(r.status))`, wf)) {
			if time.Now().After(deadline) {
				t.Fatalf("reading the erased workflow's text: status %s, want 404", code)
			}
			time.Sleep(300 * time.Millisecond)
		}
		t.Logf("after erasure: %s", evalString(t, b, `document.querySelector('#wf-erased').textContent`))
	})

	t.Run("overview", func(t *testing.T) {
		signIn(t, b, s, operatorToken)
		if err := chromedp.Do(b, chromedp.Navigate(s.url("#/overview"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "per-stage table", `document.querySelector('#overview table')`, 20*time.Second)
		waitJS(t, b, "per-service metrics with OCR's work", `[...document.querySelectorAll('#service-metrics tbody tr')].some(r => r.children[0].textContent === 'ocr' && Number(r.children[1].textContent) > 0)`, 20*time.Second)
		waitJS(t, b, "OCR's Kafka lag", `[...document.querySelectorAll('#service-metrics tbody tr')].some(r => r.children[0].textContent === 'ocr' && /^[0-9]+$/.test(r.querySelector('.lag').textContent))`, 20*time.Second)
		t.Logf("overview cards: %s", evalString(t, b, `[...document.querySelectorAll('#overview .card')].map(c => c.innerText.replace('\n', ': ')).join(' | ')`))
		screenshot(t, b, "overview")
	})

	t.Run("a tenant sees only its own workflows", func(t *testing.T) {
		own := s.submit(ctx, globexKey, "globex-receipt.txt", receipt)
		signIn(t, b, s, globexToken)
		waitJS(t, b, "globex's workflow listed", fmt.Sprintf(`document.querySelector('tr[data-id=%q]')`, own), 30*time.Second)
		tenants := evalString(t, b, `[...new Set([...document.querySelectorAll('#wf-rows tr')].map(r => r.children[3].textContent))].join(',')`)
		if tenants != "globex" {
			t.Errorf("globex's list shows tenants %q", tenants)
		}
		for _, wf := range acmeWorkflows {
			if n := evalString(t, b, fmt.Sprintf(`String(document.querySelectorAll('tr[data-id=%q]').length)`, wf)); n != "0" {
				t.Errorf("globex sees acme's workflow %s in its list", wf)
			}
			code := jsAwait(b, fmt.Sprintf(`Promise.all(['/api/workflows/%[1]s', '/api/workflows/%[1]s/text', '/api/workflows/%[1]s/pages/1'].map(u => fetch(u).then(r => r.status))).then(a => a.join(','))`, wf))
			if code != "404,404,404" {
				t.Errorf("globex reading acme's workflow %s: statuses %s, want 404,404,404", wf, code)
			}
		}
		if err := chromedp.Do(b, chromedp.Navigate(s.url("#/workflows/"+acmeWorkflows[0]))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, b, "not found page", `document.querySelector('main .error')`, 10*time.Second)
		t.Logf("globex opening acme's workflow: %s", evalString(t, b, `document.querySelector('main .error').textContent`))
	})
}

// filter sets the workflow list's filter fields (q: search, st: status) in
// the page and applies them.
func filter(ctx context.Context, set string) error {
	return jsDo(ctx, `(() => { const q = document.querySelector('#f-q'), st = document.querySelector('#f-status'); `+set+`; document.querySelector('form.filters button[type=submit]').click(); })()`)
}
