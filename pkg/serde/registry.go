package serde

import (
	"context"
	"net/url"
	"strings"

	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/fault"
)

// Compatibility is the level Docket wants on every subject.
const Compatibility = sr.CompatBackwardTransitive

func avroSchema(text string) sr.Schema { return sr.Schema{Schema: text, Type: sr.TypeAvro} }

// subjectLevel returns the compatibility level set on the subject itself,
// and false when none is (the subject follows the global level).
func subjectLevel(ctx context.Context, rc *sr.Client, subject string) (sr.CompatibilityLevel, bool, error) {
	ctx = sr.WithParams(ctx, sr.RawParams(url.Values{"defaultToGlobal": {"false"}}))
	res := rc.Compatibility(ctx, subject)[0]
	switch {
	case res.Err == nil:
		return res.Level, true, nil
	case notFound(res.Err):
		return 0, false, nil
	default:
		return 0, false, subjectErr(subject, res.Err)
	}
}

// ensureCompatibility sets the subject to BACKWARD_TRANSITIVE where it has
// no level of its own. With upgrade, it also replaces a weaker level; only
// FULL_TRANSITIVE, which implies BACKWARD_TRANSITIVE, is kept. It returns
// the level in force on the subject.
func ensureCompatibility(ctx context.Context, rc *sr.Client, subject string, upgrade bool) (sr.CompatibilityLevel, error) {
	level, set, err := subjectLevel(ctx, rc, subject)
	if err != nil {
		return 0, err
	}
	if set && (!upgrade || level == Compatibility || level == sr.CompatFullTransitive) {
		return level, nil
	}
	res := rc.SetCompatibility(ctx, sr.SetCompatibility{Level: Compatibility}, subject)[0]
	if res.Err != nil {
		return 0, subjectErr(subject, res.Err)
	}
	return Compatibility, nil
}

// register registers text under subject, setting the subject's
// compatibility first where it has none, and returns the schema id. An
// identical schema already registered keeps its id.
func register(ctx context.Context, rc *sr.Client, subject, text string) (int, error) {
	if _, err := ensureCompatibility(ctx, rc, subject, false); err != nil {
		return 0, err
	}
	id, err := rc.RegisterSchema(ctx, subject, avroSchema(text), -1, -1)
	if err != nil {
		return 0, subjectErr(subject, err)
	}
	return id, nil
}

// lookup returns the registration of text under subject; found is false
// when it is not registered there.
func lookup(ctx context.Context, rc *sr.Client, subject, text string) (ss sr.SubjectSchema, found bool, err error) {
	ss, err = rc.LookupSchema(ctx, subject, avroSchema(text))
	switch {
	case err == nil:
		return ss, true, nil
	case notFound(err):
		return ss, false, nil
	default:
		return ss, false, subjectErr(subject, err)
	}
}

// verify returns the id of text under subject without changing the
// registry. A missing schema is an error that says whether it would be
// compatible with what the subject holds.
func verify(ctx context.Context, rc *sr.Client, subject, text string) (int, error) {
	ss, found, err := lookup(ctx, rc, subject, text)
	if err != nil {
		return 0, err
	}
	if found {
		return ss.ID, nil
	}
	// Not registered: say whether it could be (-2 checks it against every
	// version, as the subject's level asks), so that the operator knows if
	// applying the schemas will help.
	res, err := rc.CheckCompatibility(ctx, subject, -2, avroSchema(text))
	switch {
	case err == nil && !res.Is:
		return 0, fault.Wrap(fault.Structural, &SubjectError{Subject: subject, Err: ErrIncompatible, Detail: strings.Join(res.Messages, "; ")})
	case conflict(err):
		return 0, subjectErr(subject, err)
	}
	return 0, fault.Wrap(fault.Structural, &SubjectError{Subject: subject, Err: ErrNotRegistered})
}
