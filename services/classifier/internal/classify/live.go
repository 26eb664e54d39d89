package classify

import (
	"context"
	"sync/atomic"

	"github.com/docket-run/docket/pkg/events"
)

// Shadowed is one text classified by the active and the shadow model.
type Shadowed struct {
	Active, Shadow         events.Model
	ActiveType, ShadowType string
}

// Agree reports whether both models chose the same type.
func (s Shadowed) Agree() bool { return s.ActiveType == s.ShadowType }

// Live is the built-in model whose versions can change while it runs: the
// active model answers; a shadow model, when set, classifies the same text
// and is only observed (its answer is compared, never acted on).
type Live struct {
	cur     atomic.Pointer[liveModels]
	observe func(Shadowed)
}

type liveModels struct{ active, shadow *BuiltIn }

var _ Classifier = (*Live)(nil)

// NewLive answers with active; observe, when set, is called with each text
// the shadow model classified.
func NewLive(active *BuiltIn, observe func(Shadowed)) *Live {
	l := &Live{observe: observe}
	l.Set(active, nil)
	return l
}

// Set replaces the active model and the shadow (nil for none).
func (l *Live) Set(active, shadow *BuiltIn) { l.cur.Store(&liveModels{active: active, shadow: shadow}) }

// Versions returns the versions of the active and shadow models, the
// shadow's empty when there is none.
func (l *Live) Versions() (active, shadow string) {
	ms := l.cur.Load()
	if ms.shadow != nil {
		shadow = ms.shadow.Model().Version
	}
	return ms.active.Model().Version, shadow
}

// Types returns the document types the active model knows.
func (l *Live) Types() []string { return l.cur.Load().active.Types() }

// Model names the active model.
func (l *Live) Model() events.Model { return l.cur.Load().active.Model() }

// Classify answers with the active model, naming it in the prediction (a
// swap between Model and Classify must not mislabel the answer).
func (l *Live) Classify(ctx context.Context, text string) (Prediction, error) {
	ms := l.cur.Load()
	p, err := ms.active.Classify(ctx, text)
	if err != nil {
		return Prediction{}, err
	}
	m := ms.active.Model()
	p.Model = &m
	if ms.shadow != nil && l.observe != nil {
		sp, err := ms.shadow.Classify(ctx, text)
		if err == nil && len(sp.Candidates) > 0 && len(p.Candidates) > 0 {
			l.observe(Shadowed{Active: m, Shadow: ms.shadow.Model(), ActiveType: p.Candidates[0].Type, ShadowType: sp.Candidates[0].Type})
		}
	}
	return p, nil
}
