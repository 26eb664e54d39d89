package exception

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/docket-run/docket/pkg/ratelimit"
	"github.com/docket-run/docket/services/exception/internal/redeliver"
)

// RateSpec is the redelivery rate per target service, as
// DOCKET_EXCEPTION_RATE writes it: a bare number of redeliveries per
// second for every service, and service=number entries for some,
// comma-separated ("20,ocr=5"). Each rate's burst is one second's worth.
type RateSpec struct {
	Default    float64
	PerService map[string]float64
}

// UnmarshalText parses a rate spec.
func (r *RateSpec) UnmarshalText(b []byte) error {
	spec := RateSpec{PerService: map[string]float64{}}
	seenDefault := false
	for part := range strings.SplitSeq(string(b), ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		svc, num, named := strings.Cut(part, "=")
		if !named {
			num, svc = svc, ""
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
		if err != nil {
			return fmt.Errorf("rate %q: %w", part, err)
		}
		svc = strings.TrimSpace(svc)
		switch {
		case !named && seenDefault:
			return fmt.Errorf("rate %q: a second default rate", part)
		case !named:
			spec.Default, seenDefault = v, true
		case svc == "" || strings.ContainsAny(svc, ". "):
			return fmt.Errorf("rate %q: %q is not a service name", part, svc)
		default:
			spec.PerService[svc] = v
		}
	}
	if !seenDefault {
		return errors.New("a default rate is required, e.g. 20 or 20,ocr=5")
	}
	*r = spec
	return nil
}

// Validate reports a rate the limiter cannot enforce.
func (r RateSpec) Validate() error {
	var errs []error
	if err := rateOf(r.Default).Validate(); err != nil {
		errs = append(errs, fmt.Errorf("default: %w", err))
	}
	for svc, v := range r.PerService {
		if err := rateOf(v).Validate(); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", svc, err))
		}
	}
	return errors.Join(errs...)
}

// rateOf returns v per second with a burst of one second's worth.
func rateOf(v float64) ratelimit.Rate {
	burst := 1
	if v > 1 && v < math.MaxInt32 {
		burst = int(math.Ceil(v))
	}
	return ratelimit.Rate{PerSecond: v, Burst: burst}
}

// rates returns the limiter's rates.
func (r RateSpec) rates() redeliver.Rates {
	out := redeliver.Rates{Default: rateOf(r.Default), PerService: map[string]ratelimit.Rate{}}
	for svc, v := range r.PerService {
		out.PerService[svc] = rateOf(v)
	}
	return out
}
