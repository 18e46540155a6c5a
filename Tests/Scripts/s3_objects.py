"""Reads every object of a bucket with boto3, as a client nobody here wrote sees it.

Usage: s3_objects.py ENDPOINT BUCKET             prints a JSON list of the objects
       s3_objects.py ENDPOINT BUCKET --put KEY TEXT   puts one object
Credentials come from the AWS environment variables."""
import hashlib
import json
import sys

import boto3

endpoint, bucket = sys.argv[1:3]
s3 = boto3.client("s3", endpoint_url=endpoint)
if len(sys.argv) > 3 and sys.argv[3] == "--put":
    s3.put_object(Bucket=bucket, Key=sys.argv[4], Body=sys.argv[5].encode(), ContentType="text/plain")
    sys.exit(0)
objects = []
for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
    for item in page.get("Contents", []):
        got = s3.get_object(Bucket=bucket, Key=item["Key"])
        body = got["Body"].read()
        objects.append({
            "key": item["Key"],
            "contentType": got.get("ContentType"),
            "cacheControl": got.get("CacheControl"),
            "md5": hashlib.md5(body).hexdigest(),
            "lastModified": got["LastModified"].isoformat(),
        })
print(json.dumps(objects))
