package serde

import (
	"context"
	"net/url"
	"strings"

	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

// CompatibilityOf returns the level Docket wants on a topic's subject,
// chosen by who writes the topic.
//
// Docket writes most topics and deploys consumers before producers, so a
// new schema must read what every older one wrote: BACKWARD_TRANSITIVE.
//
// On a topic outsiders write (events.WrittenOutside) that protects the
// wrong side: it lets a writer drop a field Docket needs, since the
// writer's new schema is the one that must read old data. There every new
// version must also be readable by each earlier one, the ones Docket reads
// with (forward), and Docket's next reader must still read what every older
// writer wrote (backward): FULL_TRANSITIVE.
func CompatibilityOf(topic string) sr.CompatibilityLevel {
	if events.WrittenOutside(topic) {
		return sr.CompatFullTransitive
	}
	return sr.CompatBackwardTransitive
}

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

// ensureCompatibility sets the subject of topic to CompatibilityOf(topic)
// where it has no level of its own. With upgrade, it also replaces any
// other level but FULL_TRANSITIVE, which implies every other. It returns
// the level in force on the subject.
func ensureCompatibility(ctx context.Context, rc *sr.Client, topic string, upgrade bool) (sr.CompatibilityLevel, error) {
	subject, want := events.Subject(topic), CompatibilityOf(topic)
	level, set, err := subjectLevel(ctx, rc, subject)
	if err != nil {
		return 0, err
	}
	if set && (!upgrade || level == want || level == sr.CompatFullTransitive) {
		return level, nil
	}
	res := rc.SetCompatibility(ctx, sr.SetCompatibility{Level: want}, subject)[0]
	if res.Err != nil {
		return 0, subjectErr(subject, res.Err)
	}
	return want, nil
}

// register registers text under the subject of topic, setting the
// subject's compatibility first where it has none, and returns the schema
// id. The same schema already registered keeps its id.
func register(ctx context.Context, rc *sr.Client, topic, text string) (int, error) {
	if _, err := ensureCompatibility(ctx, rc, topic, false); err != nil {
		return 0, err
	}
	subject := events.Subject(topic)
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
