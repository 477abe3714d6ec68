#ifndef TAXDATA_COPENSSL_SHIM_H
#define TAXDATA_COPENSSL_SHIM_H

#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/bio.h>
#include <openssl/crypto.h>

/* BIO_get_mem_data is a macro; Swift cannot call it. */
static inline long taxdata_BIO_get_mem_data(BIO *bio, char **out) {
    return BIO_get_mem_data(bio, out);
}

#endif
