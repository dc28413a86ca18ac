//go:build !linux && !darwin

package awsmodels

import "os"

// maxRSS is not known on this platform.
func maxRSS(*os.ProcessState) int64 { return 0 }
