package app

import (
	"github.com/smithy-validation/go/cli/run"
	"github.com/urfave/cli/v2"
)

func namingFlag() cli.Flag {
	return &cli.StringFlag{Name: "naming", Value: run.NamingJSONName,
		Usage: "wire names of members in params, results and error data: jsonName (a member's @jsonName, else its name) or memberName"}
}
