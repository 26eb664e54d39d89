package serde

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/events"
)

// Status is what Apply did with one released schema version.
type Status string

const (
	// StatusRegistered: Apply registered the version.
	StatusRegistered Status = "registered"
	// StatusExisting: the version was already registered.
	StatusExisting Status = "existing"
	// StatusSkipped: the version is not registered, but a later released
	// version is; registering it now would make it the subject's latest.
	StatusSkipped Status = "skipped"
	// StatusForeign: a version of the subject that is none of Docket's
	// released versions; someone else registered it (an outside producer
	// with auto-registration, an operator).
	StatusForeign Status = "foreign"
)

// Applied reports one released schema version under one subject.
type Applied struct {
	Subject string
	// Schema is the event's record name, e.g. DocumentSubmitted.
	Schema string
	// Release is the version in schemas/: 2 for v2.avsc; zero when Status
	// is StatusForeign.
	Release int
	// ID and Version are the registry's schema id and subject version; zero
	// when Status is StatusSkipped.
	ID      int
	Version int
	Status  Status
	// Compatibility is the subject's level after Apply.
	Compatibility sr.CompatibilityLevel
}

// Apply makes the registry mirror schemas/, for `docket admin schemas
// apply`: for every event schema under the subject of its topic (the
// dead-letter schema under the subject of every service's DLQ topic), it sets
// the compatibility to CompatibilityOf the topic (keeping FULL_TRANSITIVE),
// then registers the released versions in order, v1 first, so the subject's
// history follows the repository. It also reports, after a subject's
// releases, every live version of it that is none of them (StatusForeign).
// Running it again changes nothing.
//
// It stops at the first failure and returns what it did so far; a version
// incompatible with the subject is an error wrapping ErrIncompatible.
func Apply(ctx context.Context, rc *sr.Client) ([]Applied, error) {
	var out []Applied
	for _, sch := range events.Schemas() {
		topics := []string{sch.Topic}
		if sch.Topic == events.TopicControl {
			topics = append(topics, events.TopicSteps)
		}
		if sch.Topic == "" {
			topics = topics[:0]
			for _, svc := range events.Services() {
				topics = append(topics, events.DLQTopic(svc))
			}
		}
		for _, topic := range topics {
			rows, err := applySubject(ctx, rc, topic, sch)
			out = append(out, rows...)
			if err != nil {
				return out, err
			}
		}
	}
	return out, nil
}

func applySubject(ctx context.Context, rc *sr.Client, topic string, sch events.Schema) ([]Applied, error) {
	subject := events.Subject(topic)
	level, err := ensureCompatibility(ctx, rc, topic, true)
	if err != nil {
		return nil, err
	}
	rows := make([]Applied, len(sch.Released))
	latest := -1 // index of the highest release already registered
	for i, text := range sch.Released {
		ss, found, err := lookup(ctx, rc, subject, text)
		if err != nil {
			return nil, err
		}
		rows[i] = Applied{Subject: subject, Schema: sch.Name, Release: i + 1, Compatibility: level}
		if found {
			rows[i].ID, rows[i].Version, rows[i].Status = ss.ID, ss.Version, StatusExisting
			latest = i
		}
	}
	// Known before registering: what Apply registers is a release.
	foreign, err := foreignVersions(ctx, rc, subject, level, rows)
	if err != nil {
		return nil, err
	}
	for i, text := range sch.Released {
		if rows[i].Status != "" {
			continue
		}
		if i < latest {
			rows[i].Status = StatusSkipped
			continue
		}
		id, err := rc.RegisterSchema(ctx, subject, avroSchema(text), -1, -1)
		if err != nil {
			err = subjectErr(subject, err)
			if len(foreign) > 0 {
				// Most likely one of them is what the release conflicts
				// with: say so, so that the operator can delete it.
				err = fmt.Errorf("%w (versions others registered under %s: %s)", err, subject, versionList(foreign))
			}
			return append(rows[:i], foreign...), err
		}
		ss, _, err := lookup(ctx, rc, subject, text) // for the version
		if err != nil {
			return rows[:i], err
		}
		rows[i].ID, rows[i].Version, rows[i].Status = id, ss.Version, StatusRegistered
	}
	return append(rows, foreign...), nil
}

func versionList(rows []Applied) string {
	vs := make([]string, len(rows))
	for i, r := range rows {
		vs[i] = strconv.Itoa(r.Version)
	}
	return strings.Join(vs, ", ")
}

// foreignVersions returns a row for every live version of subject that is
// none of the released ones in rows.
func foreignVersions(ctx context.Context, rc *sr.Client, subject string, level sr.CompatibilityLevel, rows []Applied) ([]Applied, error) {
	ours := map[int]bool{}
	for _, r := range rows {
		ours[r.Version] = true
	}
	all, err := rc.Schemas(ctx, subject)
	switch {
	case notFound(err):
		return nil, nil // a subject Apply is about to create
	case err != nil:
		return nil, subjectErr(subject, err)
	}
	var out []Applied
	for _, ss := range all {
		if !ours[ss.Version] {
			out = append(out, Applied{Subject: subject, ID: ss.ID, Version: ss.Version, Status: StatusForeign, Compatibility: level})
		}
	}
	return out, nil
}
