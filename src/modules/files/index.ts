export { filesAccess } from './access';
export { fileBlobKey, readFileBytes } from './blobs';
export {
  FileResource,
  isImageType,
  LOGO_CONTENT_TYPES,
  MAX_FILE_BYTES,
  presentFile,
  UploadBody,
} from './model';
export { findFile } from './repo';
export { deleteFile } from './use-cases/delete-file';
export { logoFileProblems } from './use-cases/logo-file-problems';
export { MAX_SUPPORTING_BYTES, readSupportingFiles } from './use-cases/read-supporting-files';
export { storeUpload } from './use-cases/store-upload';
